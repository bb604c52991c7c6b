import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, users } from '#server/db/schema.ts';
import { apiGet, formPost, setCookieValue } from '#tests/support/login.ts';
import { BANK_A, BANK_B, sendFromPage, startWorld, type World } from '#tests/support/world.ts';

/**
 * Sessions in the audit trail: a login, a logout, and an admin's switch into a user and back are
 * each a row of the bank's trail, a switch as the user's LOGIN with the admin as impersonator.
 */
describe('the audit trail of sessions', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  /** The bank's session rows after `afterId`, oldest first. */
  async function sessionRowsAfter(code: string, afterId: number) {
    const rows = await world.db.withBank(code, (tx) =>
      tx
        .select({
          id: auditEvents.id,
          bank_code: auditEvents.bank_code,
          action: auditEvents.action,
          target_type: auditEvents.target_type,
          target_id: auditEvents.target_id,
          actor_user_id: auditEvents.actor_user_id,
          impersonator_user_id: auditEvents.impersonator_user_id,
          request_id: auditEvents.request_id,
        })
        .from(auditEvents)
        .where(eq(auditEvents.target_type, 'user'))
        .orderBy(desc(auditEvents.id)),
    );
    return rows.filter((row) => row.id > afterId).reverse();
  }

  /** Each row as [action, actor, impersonator]. */
  const whoActed = (rows: Awaited<ReturnType<typeof sessionRowsAfter>>) =>
    rows.map((row) => [row.action, row.actor_user_id, row.impersonator_user_id]);

  async function lastAuditId(code: string): Promise<number> {
    const [row] = await world.db.withBank(code, (tx) =>
      tx.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1),
    );
    return row?.id ?? 0;
  }

  const uniqueCodeOf = async (code: string, userId: number) => {
    const [row] = await world.db.withBank(code, (tx) =>
      tx.select({ code: users.user_unique_code }).from(users).where(eq(users.user_id, userId)),
    );
    if (!row) throw new Error(`no user ${userId}`);
    return row.code;
  };

  it('records a login and a logout as the user’s LOGIN and LOGOUT, in their own bank only', async () => {
    const ownerId = await world.userIdOf(BANK_A, 'company_owner');
    const before = await lastAuditId(BANK_A);
    const beforeB = await lastAuditId(BANK_B);

    const login = await world.loginAs(BANK_A, 'company_owner');
    const afterLogin = await sessionRowsAfter(BANK_A, before);
    expect(afterLogin).toMatchObject([
      {
        bank_code: BANK_A,
        action: 'LOGIN',
        target_type: 'user',
        target_id: String(ownerId),
        actor_user_id: ownerId,
        impersonator_user_id: null,
      },
    ]);
    expect(afterLogin[0]?.request_id).toEqual(expect.any(String));

    const logout = await formPost(world.app, BANK_A, login.cookie, '/logout');
    expect(logout.statusCode).toBe(303);
    expect((await apiGet(world.app, BANK_A, login.cookie, '/api/v1/user/me')).json().result).toBeNull();
    expect((await sessionRowsAfter(BANK_A, before)).map((row) => [row.action, row.actor_user_id])).toEqual([
      ['LOGIN', ownerId],
      ['LOGOUT', ownerId],
    ]);
    expect(await sessionRowsAfter(BANK_B, beforeB)).toEqual([]);
  });

  /** The user's last login and their company's last use, as the company list reads them. */
  async function lastUseOf(code: string, userId: number) {
    const [row] = await world.db.withBank(code, (tx) =>
      tx
        .select({
          lastLogin: users.user_last_login_at,
          lastUse: companies.company_last_used_at,
          userUpdated: users.user_updated_at,
        })
        .from(users)
        .leftJoin(companies, eq(companies.company_id, users.company_id))
        .where(eq(users.user_id, userId)),
    );
    if (!row) throw new Error(`no user ${userId}`);
    return row;
  }

  it('stamps the user’s last login and the company’s last use at a login of their own, never at a switch into the account', async () => {
    const employeeId = await world.userIdOf(BANK_A, 'company_employee');
    const before = await lastUseOf(BANK_A, employeeId);
    await world.loginAs(BANK_A, 'company_employee');
    const afterLogin = await lastUseOf(BANK_A, employeeId);
    expect(afterLogin.lastLogin).toBeInstanceOf(Date);
    expect(afterLogin.lastUse).toEqual(afterLogin.lastLogin);
    expect(afterLogin.lastLogin?.getTime()).toBeGreaterThan(before.lastLogin?.getTime() ?? 0);
    // A login is not an edit of the account.
    expect(afterLogin.userUpdated).toEqual(before.userUpdated);

    const admin = await world.loginAs(BANK_A, 'bank_admin');
    const switched = await sendFromPage(world.app, BANK_A, admin.cookie, {
      method: 'POST',
      url: '/api/v1/user/switch',
      payload: { user_unique_code: await uniqueCodeOf(BANK_A, employeeId) },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await lastUseOf(BANK_A, employeeId)).toEqual(afterLogin);
  });

  it('records a switch as the user’s LOGIN with the admin as impersonator, and the way back as its LOGOUT', async () => {
    const adminId = await world.userIdOf(BANK_A, 'bank_admin');
    const ownerId = await world.userIdOf(BANK_A, 'company_owner');
    const admin = await world.loginAs(BANK_A, 'bank_admin');
    const before = await lastAuditId(BANK_A);

    const switched = await sendFromPage(world.app, BANK_A, admin.cookie, {
      method: 'POST',
      url: '/api/v1/user/switch',
      payload: { user_unique_code: await uniqueCodeOf(BANK_A, ownerId) },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const asOwner = `portal_session=${setCookieValue(switched, 'portal_session')}`;
    const back = await formPost(world.app, BANK_A, asOwner, '/login?switch_back=1');
    expect(back.statusCode).toBe(303);
    const asAdmin = `portal_session=${setCookieValue(back, 'portal_session')}`;

    expect(whoActed(await sessionRowsAfter(BANK_A, before))).toEqual([
      ['LOGIN', ownerId, adminId],
      ['LOGOUT', ownerId, adminId],
    ]);

    // Logging out while acting as the user ends both sessions: both are recorded.
    const again = await sendFromPage(world.app, BANK_A, asAdmin, {
      method: 'POST',
      url: '/api/v1/user/switch',
      payload: { user_unique_code: await uniqueCodeOf(BANK_A, ownerId) },
    });
    expect(again.statusCode, again.body).toBe(200);
    const middle = await lastAuditId(BANK_A);
    const owned = `portal_session=${setCookieValue(again, 'portal_session')}`;
    expect((await formPost(world.app, BANK_A, owned, '/logout')).statusCode).toBe(303);
    expect(whoActed(await sessionRowsAfter(BANK_A, middle))).toEqual([
      ['LOGOUT', ownerId, adminId],
      ['LOGOUT', adminId, null],
    ]);
  });
});
