/**
 * Setup of the `api-embedded` project (vitest.config.ts): its files run as on a fresh clone, where
 * `npm test` finds no PostgreSQL, no Redis and no CI, so each world opens PGlite in a temp folder and
 * keeps sessions and rate-limit counters in memory — whatever the shell that started vitest set.
 */
for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX', 'CI']) delete process.env[name];
