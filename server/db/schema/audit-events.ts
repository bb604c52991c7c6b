import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  inet,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '#server/contracts/audit-actions.ts';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The audit trail (issue 12): one row per state-changing command, written in the command's own
 * transaction by recordAudit (server/db/audit.ts), so a command that rolls back leaves no row and
 * one that commits always has its row. Append-only for the application: portal_app may insert and
 * read, never update or delete (migration 0011). Read by /admin/activity and /admin/changelog.
 *
 * No foreign keys to users or to the target: the trail outlives what it speaks of, and a row
 * must never stop an account or a record from being removed.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    bank_code: bankCodeColumn(),
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The transaction's start (now()): every row of one command carries the same time. */
    occurred_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Who acted; null for a visitor's command (the public inquiry form). */
    actor_user_id: integer(),
    /** The staff member acting as actor_user_id through a switch (server/auth/impersonation.ts). */
    impersonator_user_id: integer(),
    /** A code of server/contracts/audit-actions.ts (text, never the spec's number). */
    action: text().notNull(),
    /** The domain the target belongs to (`news`, `inquiry`): see auditTargetTypeSchema. */
    target_type: text().notNull(),
    /** The target's id or unique code as text; null when the command has no single target. */
    target_id: text(),
    /** The client's address as the gateway saw it (request.ip); null when it was not an address. */
    client_address: inet(),
    /** The request's id, as the gateway's log lines carry it, to join a row to its logs. */
    request_id: text(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.id] }),
    // /admin/activity: a bank's newest first; id breaks ties between the rows of one transaction.
    // NULLS FIRST is what a plain `order by ... desc` means: drizzle's desc() alone writes NULLS LAST,
    // an order PostgreSQL 15 does not match to such a query (it sorts instead, NOT NULL or not).
    index().on(t.bank_code, t.occurred_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // /admin/changelog: the history of one record.
    index().on(t.bank_code, t.target_type, t.target_id),
    check('audit_events_action_known', sql`${t.action} in (${quotedList(AUDIT_ACTIONS)})`),
    // withoutBank sets app.bank_code to '', and '' = '    ' as bpchar: the policy alone would let a
    // transaction without a bank write a row with a blank bank_code. An audit row always has a bank.
    check('audit_events_bank_code_digits', sql`${t.bank_code} ~ '^[0-9]{4}$'`),
    bankIsolationPolicy(t.bank_code),
  ],
);
