import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema.ts';
import { userSwitchAudits } from '../../../server/db/schema/user-switch-audits.ts';
import {
  apiGet,
  apiPost,
  formPost,
  gatewayHost,
  gatewayOrigin,
  loginAs,
  sameOriginFormHeaders,
  selfSubmittingForm,
  setCookieValue,
  startLoginWorld,
  type LoginWorld,
} from '../../support/login.ts';

const BANKS = ['0182', '0158'] as const;
const otherBank = (code: string) => (code === BANKS[0] ? BANKS[1] : BANKS[0]);
/** The admin's browser, as the audit trail should name it. */
const ADMIN_ADDRESS = '192.0.2.44';

/** drizzle wraps the driver's error; PostgreSQL's message is in its cause. */
const PERMISSION_DENIED = { cause: { message: expect.stringMatching(/permission denied/) } };

let world: LoginWorld;

beforeAll(async () => {
  world = await startLoginWorld({ codes: [...BANKS] });
});
afterAll(async () => {
  await world?.close();
});

const uniqueCodeOf = async (code: string, loginId: string) => {
  const [row] = await world.app.db.withBank(code, (tx) =>
    tx.select({ code: users.user_unique_code }).from(users).where(eq(users.user_login_id, loginId)),
  );
  if (!row) throw new Error(`no user ${loginId} in bank ${code}`);
  return row.code;
};

const allUniqueCodes = async (code: string) =>
  new Set(
    (await world.app.db.withBank(code, (tx) => tx.select({ code: users.user_unique_code }).from(users))).map(
      (row) => row.code,
    ),
  );

/** The bank's latest audit row of a direction for a target. */
async function latestAudit(code: string, direction: 'switch' | 'switch_back', target: string) {
  const [row] = await world.app.db.withBank(code, (tx) =>
    tx
      .select()
      .from(userSwitchAudits)
      .where(
        and(
          eq(userSwitchAudits.usa_direction, direction),
          eq(userSwitchAudits.target_user_unique_code, target),
        ),
      )
      .orderBy(desc(userSwitchAudits.usa_id))
      .limit(1),
  );
  return row;
}

/** How many switch-back rows the bank's audit trail holds for a target. */
async function switchBackCount(code: string, target: string) {
  const rows = await world.app.db.withBank(code, (tx) =>
    tx
      .select({ id: userSwitchAudits.usa_id })
      .from(userSwitchAudits)
      .where(
        and(
          eq(userSwitchAudits.usa_direction, 'switch_back'),
          eq(userSwitchAudits.target_user_unique_code, target),
        ),
      ),
  );
  return rows.length;
}

/** POST /api/v1/user/switch from the admin's address, as the logged-in page sends it. */
const switchTo = (code: string, cookie: string, userUniqueCode: string) =>
  world.app.inject({
    method: 'POST',
    url: '/api/v1/user/switch',
    remoteAddress: ADMIN_ADDRESS,
    headers: {
      host: gatewayHost(code),
      origin: gatewayOrigin(code),
      'x-requested-with': 'XMLHttpRequest',
      cookie,
    },
    payload: { user_unique_code: userUniqueCode },
  });

describe('impersonation: an admin acts as a user of the same bank', () => {
  for (const code of BANKS) {
    describe(`bank ${code}`, () => {
      it('lists the bank’s own users one may switch into, by keyword and page', async () => {
        const admin = await loginAs(world.app, code, `bankadmin-${code}`);
        const all = await apiGet(world.app, code, admin.cookie, '/api/v1/user/switchable?rows=100');
        expect(all.statusCode).toBe(200);
        const { list, paging_data } = all.json().result;
        expect(paging_data).toBeDefined();
        expect(list.length).toBeGreaterThan(1);
        const own = await allUniqueCodes(code);
        const foreign = await allUniqueCodes(otherBank(code));
        for (const user of list as { user_unique_code: string }[]) {
          expect(own.has(user.user_unique_code)).toBe(true);
          expect(foreign.has(user.user_unique_code)).toBe(false);
        }
        const loginIds = (list as { user_login_id: string }[]).map((user) => user.user_login_id);
        expect(loginIds).toContain(`owner-${code}`);
        expect(loginIds).not.toContain(`bankadmin-${code}`);

        const filtered = await apiGet(
          world.app,
          code,
          admin.cookie,
          `/api/v1/user/switchable?keyword=${encodeURIComponent(`owner-${code}`)}`,
        );
        expect(
          filtered.json().result.list.map((user: { user_login_id: string }) => user.user_login_id),
        ).toEqual([`owner-${code}`]);

        const firstPage = await apiGet(
          world.app,
          code,
          admin.cookie,
          '/api/v1/user/switchable?rows=2&page=1',
        );
        expect(firstPage.json().result.list).toHaveLength(2);
      });

      it('switches into the company owner, audits it, and switches back to the admin', async () => {
        const admin = await loginAs(world.app, code, `bankadmin-${code}`);
        const adminCode = (await apiGet(world.app, code, admin.cookie, '/api/v1/user/me')).json().result
          .user_unique_code;
        const ownerCode = await uniqueCodeOf(code, `owner-${code}`);

        const switched = await switchTo(code, admin.cookie, ownerCode);
        expect(switched.statusCode, switched.body).toBe(200);
        expect(switched.json().result).toEqual({
          user_switch_from: adminCode,
          redirect_to: '/mypage/dashboard',
        });
        const asOwner = `portal_session=${setCookieValue(switched, 'portal_session')}`;
        expect(asOwner).not.toBe(admin.cookie);
        const me = await apiGet(world.app, code, asOwner, '/api/v1/user/me');
        expect(me.json().result).toMatchObject({ user_unique_code: ownerCode, user_type: 'company_owner' });
        // The admin's cookie is void: the session id rotated.
        expect((await apiGet(world.app, code, admin.cookie, '/api/v1/user/me')).json().result).toBeNull();

        expect(await latestAudit(code, 'switch', ownerCode)).toMatchObject({
          bank_code: code,
          actor_user_unique_code: adminCode,
          target_user_unique_code: ownerCode,
          usa_client_address: ADMIN_ADDRESS,
        });

        // The banner's link opens a page that posts the switch back; the GET itself ends nothing.
        const backPage = await world.app.inject({
          method: 'GET',
          url: '/login?switch_back=1',
          headers: { host: gatewayHost(code), cookie: asOwner, 'sec-fetch-site': 'same-origin' },
        });
        expect(backPage.statusCode).toBe(200);
        expect(backPage.cookies).toEqual([]);
        expect(selfSubmittingForm(backPage)).toEqual({
          action: '/login?switch_back=1',
          script: expect.stringContaining('submit()'),
          button: '元のユーザーに戻る',
        });
        expect((await apiGet(world.app, code, asOwner, '/api/v1/user/me')).json().result.user_type).toBe(
          'company_owner',
        );
        const auditedBefore = await switchBackCount(code, ownerCode);

        const back = await formPost(world.app, code, asOwner, '/login?switch_back=1');
        expect(back.statusCode).toBe(303);
        expect(back.headers.location).toBe('/admin/dashboard');
        const asAdmin = `portal_session=${setCookieValue(back, 'portal_session')}`;
        const meAgain = await apiGet(world.app, code, asAdmin, '/api/v1/user/me');
        expect(meAgain.json().result).toMatchObject({ user_unique_code: adminCode, user_type: 'bank_admin' });
        expect((await apiGet(world.app, code, asOwner, '/api/v1/user/me')).json().result).toBeNull();
        expect(await switchBackCount(code, ownerCode)).toBe(auditedBefore + 1);
        expect(await latestAudit(code, 'switch_back', ownerCode)).toMatchObject({
          actor_user_unique_code: adminCode,
          target_user_unique_code: ownerCode,
        });
      });

      it('ends an impersonation only by a POST from the bank’s own page: a GET or another site’s POST changes nothing', async () => {
        const admin = await loginAs(world.app, code, `sysadmin-${code}`);
        const userCode = await uniqueCodeOf(code, `user-${code}`);
        const switched = await switchTo(code, admin.cookie, userCode);
        expect(switched.statusCode, switched.body).toBe(200);
        const asUser = `portal_session=${setCookieValue(switched, 'portal_session')}`;
        const audited = await switchBackCount(code, userCode);

        // A link from another site opens the page without submitting it; an <img> the same.
        for (const site of ['cross-site', 'same-site', undefined]) {
          const page = await world.app.inject({
            method: 'GET',
            url: '/login?switch_back=1',
            headers: { host: gatewayHost(code), cookie: asUser, ...(site ? { 'sec-fetch-site': site } : {}) },
          });
          expect(page.statusCode).toBe(200);
          expect(page.cookies).toEqual([]);
          expect(selfSubmittingForm(page).script === undefined, String(site)).toBe(site !== undefined);
        }

        const form = { 'content-type': 'application/x-www-form-urlencoded' };
        for (const headers of [
          form,
          { ...form, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          { ...form, origin: gatewayOrigin(otherBank(code)), 'sec-fetch-site': 'same-site' },
          { ...sameOriginFormHeaders(code), 'sec-fetch-site': 'cross-site' },
        ]) {
          const response = await formPost(world.app, code, asUser, '/login?switch_back=1', headers);
          expect(response.statusCode, JSON.stringify(headers)).toBe(403);
          expect(response.cookies).toEqual([]);
        }

        // A same-origin POST to /login that is no switch back is no route at all.
        expect((await formPost(world.app, code, asUser, '/login')).statusCode).toBe(404);

        expect((await apiGet(world.app, code, asUser, '/api/v1/user/me')).json().result).toMatchObject({
          user_unique_code: userCode,
        });
        expect(await switchBackCount(code, userCode)).toBe(audited);
      });

      it('does not switch into a user of another bank (404)', async () => {
        const admin = await loginAs(world.app, code, `sysadmin-${code}`);
        const foreignOwner = await uniqueCodeOf(otherBank(code), `owner-${otherBank(code)}`);
        const response = await switchTo(code, admin.cookie, foreignOwner);
        expect(response.statusCode).toBe(404);
        expect(setCookieValue(response, 'portal_session')).toBeUndefined();
        expect((await apiGet(world.app, code, admin.cookie, '/api/v1/user/me')).json().result.user_type).toBe(
          'system_admin',
        );
      });

      it('does not let a company owner or a branch admin switch (403)', async () => {
        const target = await uniqueCodeOf(code, `user-${code}`);
        for (const loginId of [`owner-${code}`, `branchadmin-${code}`]) {
          const login = await loginAs(world.app, code, loginId);
          const response = await apiPost(world.app, code, login.cookie, '/api/v1/user/switch', {
            user_unique_code: target,
          });
          expect(response.statusCode, loginId).toBe(403);
          const listing = await apiGet(world.app, code, login.cookie, '/api/v1/user/switchable');
          expect(listing.statusCode, loginId).toBe(403);
        }
      });
    });
  }

  it('keeps the audit trail insert-only for the application role', async () => {
    const code = BANKS[0];
    const [row] = await world.app.db.withBank(code, (tx) => tx.select().from(userSwitchAudits).limit(1));
    expect(row).toBeDefined();
    await expect(
      world.app.db.withBank(code, (tx) =>
        tx.update(userSwitchAudits).set({ usa_client_address: '203.0.113.1' }),
      ),
    ).rejects.toMatchObject(PERMISSION_DENIED);
    await expect(world.app.db.withBank(code, (tx) => tx.delete(userSwitchAudits))).rejects.toMatchObject(
      PERMISSION_DENIED,
    );
    const [still] = await world.app.db.withBank(code, (tx) =>
      tx
        .select()
        .from(userSwitchAudits)
        .where(eq(userSwitchAudits.usa_id, row?.usa_id ?? -1)),
    );
    expect(still).toEqual(row);
  });

  it('shows each bank its own audit rows only', async () => {
    for (const code of BANKS) {
      const rows = await world.app.db.withBank(code, (tx) => tx.select().from(userSwitchAudits));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.bank_code === code)).toBe(true);
      const foreign = await allUniqueCodes(otherBank(code));
      expect(rows.some((row) => foreign.has(row.actor_user_unique_code))).toBe(false);
    }
  });
});
