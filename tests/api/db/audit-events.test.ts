import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEvent, recordAudit } from '#server/db/audit.ts';
import { type Database, type DbTransaction, openDatabase } from '#server/db/database.ts';
import { auditEvents } from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#tests/support/database.ts';

const BANK_A = '0182';
const BANK_B = '0158';
const silentLogger = { info() {}, warn() {}, error() {} };
const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';

/** The PostgreSQL error code a refused statement carries (drizzle wraps it in `cause`). */
async function errorCodeOf(attempt: Promise<unknown>): Promise<string | undefined> {
  const error: unknown = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (error === undefined) return undefined;
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as { code?: string }).code;
}

const event = (overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  action: 'UPDATE',
  targetType: 'news',
  targetId: 'news-1',
  actorUserId: 11,
  impersonatorUserId: null,
  clientAddress: '203.0.113.5',
  requestId: 'req-1',
  ...overrides,
});

const trailOf = (tx: DbTransaction) =>
  tx
    .select({
      bank_code: auditEvents.bank_code,
      action: auditEvents.action,
      target_type: auditEvents.target_type,
      target_id: auditEvents.target_id,
      actor_user_id: auditEvents.actor_user_id,
      impersonator_user_id: auditEvents.impersonator_user_id,
      client_address: auditEvents.client_address,
      request_id: auditEvents.request_id,
    })
    .from(auditEvents)
    .orderBy(auditEvents.id);

describe.each(testDatabaseKinds())('the audit trail on %s', (kind) => {
  let testDatabase: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ kind });
    db = await openDatabase({
      databaseUrl: testDatabase.databaseUrl,
      dataDir: testDatabase.dataDir,
      logger: silentLogger,
    });
    await db.withBank(BANK_A, (tx) =>
      recordAudit(tx, event({ action: 'CREATE', targetId: 42, impersonatorUserId: 3 })),
    );
    await db.withBank(BANK_B, (tx) =>
      recordAudit(
        tx,
        event({
          action: 'CREATE',
          targetType: 'inquiry',
          targetId: 'inq-9',
          actorUserId: null,
          requestId: 'req-2',
        }),
      ),
    );
  });

  afterAll(async () => {
    await db?.close();
    await testDatabase?.drop();
  });

  it('keeps a row written inside withBank in that bank, visible to it and to no other bank', async () => {
    expect(await db.withBank(BANK_A, trailOf)).toEqual([
      {
        bank_code: BANK_A,
        action: 'CREATE',
        target_type: 'news',
        target_id: '42',
        actor_user_id: 11,
        impersonator_user_id: 3,
        client_address: '203.0.113.5',
        request_id: 'req-1',
      },
    ]);
    expect(await db.withBank(BANK_B, trailOf)).toEqual([
      expect.objectContaining({ bank_code: BANK_B, target_type: 'inquiry', actor_user_id: null }),
    ]);
    expect(await db.withoutBank(trailOf)).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit rows to the application role', async () => {
    const attempts = {
      update: await errorCodeOf(
        db.withBank(BANK_A, (tx) => tx.update(auditEvents).set({ action: 'DELETE' })),
      ),
      delete: await errorCodeOf(db.withBank(BANK_A, (tx) => tx.delete(auditEvents))),
      truncate: await errorCodeOf(db.withBank(BANK_A, (tx) => tx.execute(sql`truncate audit_events`))),
    };
    expect(attempts).toEqual({
      update: INSUFFICIENT_PRIVILEGE,
      delete: INSUFFICIENT_PRIVILEGE,
      truncate: INSUFFICIENT_PRIVILEGE,
    });
    expect(await db.withBank(BANK_A, trailOf)).toEqual([expect.objectContaining({ action: 'CREATE' })]);
  });

  it('leaves no audit row when the command that wrote it rolls back', async () => {
    const failure = new Error('the command failed after its audit row');
    await expect(
      db.withBank(BANK_A, async (tx) => {
        await recordAudit(tx, event({ action: 'DELETE', targetId: 'rolled-back' }));
        throw failure;
      }),
    ).rejects.toBe(failure);
    const targets = (await db.withBank(BANK_A, trailOf)).map((row) => row.target_id);
    expect(targets).not.toContain('rolled-back');
  });

  it('refuses a row outside any bank and a code the contract does not list', async () => {
    // The policy refuses it (no bank set: nullif makes the setting NULL), before the table's own check.
    expect(await errorCodeOf(db.withoutBank((tx) => recordAudit(tx, event())))).toBe(INSUFFICIENT_PRIVILEGE);
    const unknownAction = { ...event(), action: 'RENAME' } as unknown as AuditEvent;
    expect(await errorCodeOf(db.withBank(BANK_A, (tx) => recordAudit(tx, unknownAction)))).toBe(
      CHECK_VIOLATION,
    );
    await expect(
      db.withBank(BANK_A, (tx) => recordAudit(tx, event({ targetType: 'News Item' }))),
    ).rejects.toThrow();
  });

  it('keeps an IPv4 client seen through a dual-stack socket as IPv4, and text that is no address as null', async () => {
    await db.withBank(BANK_B, async (tx) => {
      await recordAudit(tx, event({ clientAddress: '::ffff:198.51.100.7', requestId: 'mapped' }));
      await recordAudit(tx, event({ clientAddress: 'fe80::1%eth0', requestId: 'zoned' }));
      await recordAudit(tx, event({ clientAddress: 'not-an-address', requestId: 'forged' }));
    });
    const addresses = Object.fromEntries(
      (await db.withBank(BANK_B, trailOf)).map((row) => [row.request_id, row.client_address]),
    );
    expect(addresses).toMatchObject({ mapped: '198.51.100.7', zoned: 'fe80::1', forged: null });
  });
});
