import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES, type UserTypeCode } from '#server/contracts/account-types.ts';
import { maySwitchInto, switchTargetTypesOf } from '#server/contracts/user-switch.ts';
import { companies, users } from '#server/db/schema.ts';
import { userSwitchAudits } from '#server/db/schema/user-switch-audits.ts';
import {
  apiGet,
  apiPost,
  DEMO_LOGIN_OF,
  formPost,
  type GatewayLogin,
  gatewayHost,
  gatewayOrigin,
  loginAs,
  sameOriginFormHeaders,
  selfSubmittingForm,
  setCookieValue,
} from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import { addSecondAccounts } from '#tests/support/second-accounts.ts';

const BANKS = ['0182', '0158'] as const;
const otherBank = (code: string) => (code === BANKS[0] ? BANKS[1] : BANKS[0]);
/** The admin's browser, as the audit trail should name it. */
const ADMIN_ADDRESS = '192.0.2.44';

/** drizzle wraps the driver's error; PostgreSQL's message is in its cause. */
const PERMISSION_DENIED = { cause: { message: expect.stringMatching(/permission denied/) } };

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [...BANKS] });
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

/** How many switches the bank's audit trail holds. */
async function switchAuditCount(code: string) {
  const [row] = await world.app.db.withBank(code, (tx) =>
    tx.select({ count: count() }).from(userSwitchAudits).where(eq(userSwitchAudits.usa_direction, 'switch')),
  );
  return row?.count ?? 0;
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

/**
 * A fresh gateway login (a switch rotates the session it was made from). Each account posts the
 * provider's login form once; later logins ride on its provider session, as a browser's would,
 * so the matrix below stays within the provider's 20 login posts per bank and address.
 */
const providerSessions = new Map<string, GatewayLogin['providerCookies']>();
async function signIn(code: string, loginId: string): Promise<GatewayLogin> {
  const key = `${code}:${loginId}`;
  const login = await loginAs(world.app, code, loginId, { providerCookies: providerSessions.get(key) });
  providerSessions.set(key, login.providerCookies);
  return login;
}

describe('a switch never gives more power than the actor holds (every account type × every other)', () => {
  for (const code of BANKS) {
    describe(`bank ${code}`, () => {
      /** Another user of each type than the demo accounts the actors log in with. */
      let targetOf: Record<UserTypeCode, string>;
      const actors = new Map<UserTypeCode, GatewayLogin>();
      /** A logged-in demo user of the type, kept while no switch has rotated its session. */
      const loggedIn = async (type: UserTypeCode) => {
        let login = actors.get(type);
        if (!login) {
          login = await signIn(code, `${DEMO_LOGIN_OF[type]}-${code}`);
          actors.set(type, login);
        }
        return login;
      };
      const whoIs = async (cookie: string) =>
        (await apiGet(world.app, code, cookie, '/api/v1/user/me')).json().result as {
          user_unique_code: string;
          user_type: string;
        } | null;

      beforeAll(async () => {
        targetOf = await addSecondAccounts(world.app.db, code);
      });

      for (const actor of USER_TYPES) {
        const targets = switchTargetTypesOf(actor);
        it(
          targets.length > 0
            ? `lists to a ${actor} the users of ${targets.join(', ')} only`
            : `refuses a ${actor} the switchable list (403)`,
          async () => {
            const { cookie } = await loggedIn(actor);
            const response = await apiGet(world.app, code, cookie, '/api/v1/user/switchable?rows=500');
            if (targets.length === 0) {
              expect(response.statusCode).toBe(403);
              expect(response.json()).toEqual({ status: 'error', message: '権限がありません' });
              return;
            }
            expect(response.statusCode).toBe(200);
            const listed = response.json().result.list as { user_type: string; user_unique_code: string }[];
            expect(new Set(listed.map((user) => user.user_type))).toEqual(new Set(targets));
            for (const type of USER_TYPES) {
              expect(
                listed.some((user) => user.user_unique_code === targetOf[type]),
                `${actor} lists another ${type}`,
              ).toBe(maySwitchInto(actor, type));
            }
          },
        );

        for (const target of USER_TYPES) {
          if (maySwitchInto(actor, target)) {
            it(`lets a ${actor} act as another ${target}`, async () => {
              // A fresh login: a switch rotates the actor's session.
              const login = await signIn(code, `${DEMO_LOGIN_OF[actor]}-${code}`);
              const response = await switchTo(code, login.cookie, targetOf[target]);
              expect(response.statusCode, response.body).toBe(200);
              const asTarget = `portal_session=${setCookieValue(response, 'portal_session')}`;
              expect(await whoIs(asTarget)).toMatchObject({
                user_unique_code: targetOf[target],
                user_type: target,
              });
              expect(await latestAudit(code, 'switch', targetOf[target])).toBeDefined();
            });
          } else {
            it(`refuses a ${actor} acting as another ${target} (403 権限がありません)`, async () => {
              const { cookie } = await loggedIn(actor);
              const auditsBefore = await switchAuditCount(code);
              const response = await switchTo(code, cookie, targetOf[target]);
              expect(response.statusCode, response.body).toBe(403);
              expect(response.json()).toEqual({ status: 'error', message: '権限がありません' });
              expect(setCookieValue(response, 'portal_session')).toBeUndefined();
              expect(await whoIs(cookie)).toMatchObject({ user_type: actor });
              expect(await switchAuditCount(code)).toBe(auditsBefore);
            });
          }
        }
      }
    });
  }
});

describe('the switchable list', () => {
  const code = BANKS[0];

  it('counts only the users the admin may act as, on every page', async () => {
    const { cookie } = await signIn(code, `bankadmin-${code}`);
    const targets = switchTargetTypesOf('bank_admin');
    const [expected] = await world.app.db.withBank(code, (tx) =>
      tx
        .select({ count: count() })
        .from(users)
        .leftJoin(companies, eq(companies.company_id, users.company_id))
        .where(
          and(
            inArray(users.user_type, [...targets]),
            eq(users.user_is_disabled, false),
            or(isNull(users.company_id), eq(companies.company_is_disabled, false)),
          ),
        ),
    );
    const pageOf = async (page: number) => {
      const response = await apiGet(world.app, code, cookie, `/api/v1/user/switchable?rows=3&page=${page}`);
      expect(response.statusCode).toBe(200);
      const { result } = response.json();
      expect(result.paging_data.total_rows).toBe(expected?.count);
      return result as {
        list: { user_type: string; user_unique_code: string }[];
        paging_data: { total_pages: number };
      };
    };
    const first = await pageOf(1);
    const seen = [...first.list];
    for (let page = 2; page <= first.paging_data.total_pages; page++) seen.push(...(await pageOf(page)).list);
    expect(new Set(seen.map((user) => user.user_unique_code)).size).toBe(seen.length);
    expect(seen).toHaveLength(expected?.count ?? -1);
    expect(seen.every((user) => maySwitchInto('bank_admin', user.user_type))).toBe(true);

    // A keyword that finds only the bank's system admins finds nothing for a bank admin.
    const search = await apiGet(world.app, code, cookie, `/api/v1/user/switchable?keyword=sysadmin`);
    expect(search.json().result).toMatchObject({ list: [], paging_data: { total_rows: 0 } });
  });

  it('leaves out the users of a disabled company, which cannot be switched into (404)', async () => {
    const stopped = await world.app.db.withBank(code, async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          company_unique_code: `stopped-company-${code}`,
          company_name: '停止中商事',
          company_name_kana: 'テイシチュウショウジ',
          company_type: 'normal',
          company_is_disabled: true,
        })
        .returning({ id: companies.company_id });
      const [user] = await tx
        .insert(users)
        .values({
          company_id: company?.id,
          user_unique_code: `stopped-owner-${code}`,
          user_login_id: `stopped-owner-${code}`,
          user_last_name: '停止',
          user_first_name: '太郎',
          user_last_name_kana: 'テイシ',
          user_first_name_kana: 'タロウ',
          user_email: `stopped-owner-${code}@example.com`,
          user_type: 'company_owner',
        })
        .returning({ uniqueCode: users.user_unique_code });
      return user?.uniqueCode ?? '';
    });
    const { cookie } = await signIn(code, `sysadmin-${code}`);
    const listing = await apiGet(world.app, code, cookie, '/api/v1/user/switchable?keyword=stopped');
    expect(listing.json().result).toMatchObject({ list: [], paging_data: { total_rows: 0 } });
    expect((await switchTo(code, cookie, stopped)).statusCode).toBe(404);
  });
});

describe('no second switch while acting as someone', () => {
  it.each(BANKS)(
    'refuses a system admin of %s acting as the bank admin another switch and the list (403)',
    async (code) => {
      const admin = await signIn(code, `sysadmin-${code}`);
      const switched = await switchTo(code, admin.cookie, await uniqueCodeOf(code, `bankadmin-${code}`));
      expect(switched.statusCode, switched.body).toBe(200);
      const asBankAdmin = `portal_session=${setCookieValue(switched, 'portal_session')}`;

      const owner = await uniqueCodeOf(code, `owner-${code}`);
      const again = await switchTo(code, asBankAdmin, owner);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ status: 'error', message: '権限がありません' });
      expect(setCookieValue(again, 'portal_session')).toBeUndefined();
      const listing = await apiGet(world.app, code, asBankAdmin, '/api/v1/user/switchable');
      expect(listing.statusCode).toBe(403);
      expect((await apiGet(world.app, code, asBankAdmin, '/api/v1/user/me')).json().result).toMatchObject({
        user_type: 'bank_admin',
      });
    },
  );
});
