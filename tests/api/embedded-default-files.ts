/**
 * The api files that differ by engine, run again by `npm test` on the embedded default (PGlite,
 * in-memory sessions and counters) whenever the api suite itself ran on PostgreSQL or Redis, as CI's
 * does: the vitest project `api-embedded` (vitest.config.ts, scripts/test.ts). So both README
 * commands, `npm start` and `npm test` on a fresh clone, are proven as written.
 *
 * Chosen for what PGlite does differently (one connection, one transaction at a time, LISTEN on
 * that connection, no pool, no lock waits between sessions) and what memory stores do differently
 * from Redis. Files that already run on both engines under CI (`testDatabaseKinds()` /
 * `testStoreKinds()`: tests/api/db/, the job runner, readiness, the session and provider stores,
 * the inquiry limit) are not repeated. Each line says why the file is here.
 */
export const EMBEDDED_DEFAULT_API_FILES = [
  // Found hanging on PGlite (issue 28 item 11): a transaction opened inside another.
  'tests/api/coupons/offer-review.test.ts',
  'tests/api/settings/identity-link.test.ts',
  // The newcomer's first path: login through the provider, which reads the same one-connection database.
  'tests/api/auth/login-flow.test.ts',
  // LISTEN/NOTIFY on PGlite's one connection, the mail worker's sweep and retries.
  'tests/api/mail/mail-outbox.test.ts',
  // Twenty applications at once for five seats: row locks on PostgreSQL, one transaction at a time on PGlite.
  'tests/api/news/seminar-capacity.test.ts',
  // A mail in the outbox, sessions ended inside the transaction, a rate limit.
  'tests/api/reminder/reminder.test.ts',
  // Login-like limits on the in-process counter; the sessions a password change ends.
  'tests/api/settings/password-change-rate-limit.test.ts',
  'tests/api/companies/company-charge-rate-limit.test.ts',
  'tests/api/settings/password-change.test.ts',
  // Jobs that read every bank: a daily digest that queues mail, the unsubscription that ends sessions.
  'tests/api/matching/need-digest.test.ts',
  'tests/api/companies/company-unsubscription.test.ts',
  // Thousands of rows in one transaction, in batches, and the same file sent twice at once.
  'tests/api/companies/company-bulk-create.test.ts',
] as const;
