import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDataSchema, type SessionData } from '#server/auth/sessions.ts';
import { IDENTITY_LINK_MESSAGES } from '#server/contracts/identity-link.ts';
import { auditEvents, userIdentityLinks, users } from '#server/db/schema.ts';
import { browserFetch, type CookieJar } from '#tests/support/idp.ts';
import {
  apiGet,
  apiPost,
  type GatewayLogin,
  gatewayOrigin,
  loginAs,
  setCookieValue,
  startLogin,
} from '#tests/support/login.ts';
import { BANK_A, BANK_B, startWorld, type World } from '#tests/support/world.ts';
import { clientIdOf, portalClient } from '../idp/relying-party.ts';

const LINKS = '/api/v1/user/identity_link';
const DISCONNECT = '/api/v1/user/identity_link/disconnect';

let world: World;
beforeAll(async () => {
  // Sessions in Redis when REDIS_URL is set (CI): ending them all is tried on the store production uses.
  world = await startWorld({ redisWhenSet: true });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const linksRowsOf = (bank: string, userId: number) =>
  world.db.withBank(bank, (tx) =>
    tx.select().from(userIdentityLinks).where(eq(userIdentityLinks.user_id, userId)),
  );

const uniqueCodeOf = async (bank: string, userId: number) => {
  const [row] = await world.db.withBank(bank, (tx) =>
    tx.select({ code: users.user_unique_code }).from(users).where(eq(users.user_id, userId)),
  );
  return row?.code ?? '';
};

/** The stored session of a cookie (Redis store only). */
async function storedSession(bank: string, cookie: string): Promise<SessionData | undefined> {
  if (!world.redis) return undefined;
  const id = cookie.slice(cookie.indexOf('=') + 1);
  const raw = await world.redis.client.get(`${world.redis.keyPrefix}${bank}:session:${id}`);
  return raw === null ? undefined : sessionDataSchema.parse(JSON.parse(raw));
}

/** Whether the browser's next login at the bank shows the provider's form (false: single sign-on). */
async function asksForPassword(bank: string, jar: CookieJar): Promise<boolean> {
  const start = await startLogin(world.app, bank);
  let url = start.headers.location as string;
  for (let hops = 0; hops < 10; hops++) {
    const response = await browserFetch(jar, url);
    const location = response.headers.get('location');
    if (!location) return (await response.text()).includes('name="login_id"');
    url = new URL(location, url).href;
    if (new URL(url).origin !== world.idp.origin) return false;
  }
  throw new Error('more than 10 redirects at the provider');
}

/** Confirms the provider's logout page as the browser does (its form submits itself); answers where it sends the browser. */
async function confirmProviderLogout(jar: CookieJar, endSessionUrl: string): Promise<string | null> {
  const confirmation = await browserFetch(jar, endSessionUrl);
  expect(confirmation.status).toBe(200);
  const html = await confirmation.text();
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !xsrf) throw new Error(`no logout form at the provider: ${html}`);
  const confirmed = await browserFetch(jar, new URL(action, endSessionUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  expect(confirmed.status).toBe(303);
  return confirmed.headers.get('location');
}

const links = (bank: string, login: Pick<GatewayLogin, 'cookie'>) =>
  apiGet(world.app, bank, login.cookie, LINKS);
const disconnect = (bank: string, login: Pick<GatewayLogin, 'cookie'>) =>
  apiPost(world.app, bank, login.cookie, DISCONNECT, {});

describe('a login links the identity-broker account it came through', () => {
  it('records the provider and its subject at the first login, and stamps the last login at the next', async () => {
    const userId = await world.userIdOf(BANK_A, 'company_user');
    const subject = await uniqueCodeOf(BANK_A, userId);
    const first = await loginAs(world.app, BANK_A, `user-${BANK_A}`);
    const [link] = await linksRowsOf(BANK_A, userId);
    expect(link).toMatchObject({ link_provider: 'bamidp', link_subject: subject });

    const answer = await links(BANK_A, first);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toEqual({
      impersonating: false,
      links: [
        {
          provider: 'bamidp',
          provider_name: 'しおさい銀行 ログイン',
          masked_subject: `${subject.slice(0, 2)}********${subject.slice(-2)}`,
          linked_at: link?.link_created_at.toISOString(),
          last_login_at: link?.link_last_login_at.toISOString(),
        },
      ],
    });
    // The subject is never answered whole.
    expect(answer.body).not.toContain(subject);

    await new Promise((resolve) => setTimeout(resolve, 20));
    await loginAs(world.app, BANK_A, `user-${BANK_A}`);
    const [again, ...more] = await linksRowsOf(BANK_A, userId);
    expect(more).toEqual([]);
    expect(again?.link_created_at).toEqual(link?.link_created_at);
    expect(again!.link_last_login_at.getTime()).toBeGreaterThan(link!.link_last_login_at.getTime());
  });

  it('names a bank’s provider by the bank’s name (0158)', async () => {
    const login = await loginAs(world.app, BANK_B, `user-${BANK_B}`);
    const [link] = (await links(BANK_B, login)).json().result.links;
    const bankName = world.app.tenants.list().find((tenant) => tenant.code === BANK_B)?.config.bank_name;
    expect(link.provider_name).toBe(`${bankName} ログイン`);
  });
});

describe('POST /api/v1/user/identity_link/disconnect', () => {
  it('removes the link, ends every session of the user, revokes the grant and leaves through the provider’s logout for /login', async () => {
    const userId = await world.userIdOf(BANK_A, 'company_owner');
    const here = await loginAs(world.app, BANK_A, `owner-${BANK_A}`);
    const elsewhere = await loginAs(world.app, BANK_A, `owner-${BANK_A}`);
    const refreshToken = (await storedSession(BANK_A, here.cookie))?.tokens.refreshToken;
    if (world.redis) expect(refreshToken, 'the session keeps a refresh token').toEqual(expect.any(String));
    expect((await links(BANK_A, elsewhere)).statusCode).toBe(200);
    expect(await asksForPassword(BANK_A, here.providerCookies)).toBe(false);

    const answer = await disconnect(BANK_A, here);
    expect(answer.statusCode, answer.body).toBe(200);
    const to = new URL(answer.json().result.redirect_to as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${world.idp.issuer(BANK_A)}/session/end`);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${gatewayOrigin(BANK_A)}/login`);
    expect(to.searchParams.get('client_id')).toBe(clientIdOf(BANK_A));
    // The page's script is handed no token.
    expect(to.searchParams.has('id_token_hint')).toBe(false);
    expect(setCookieValue(answer, 'portal_session')).toBe('');

    expect(await linksRowsOf(BANK_A, userId)).toEqual([]);
    // Every session of the user has ended: the old cookies' next calls are 401.
    for (const login of [here, elsewhere]) {
      expect((await links(BANK_A, login)).statusCode).toBe(401);
      expect((await apiGet(world.app, BANK_A, login.cookie, '/api/v1/company/profile')).statusCode).toBe(401);
    }
    // The code is read first: a transaction never opens another (on PGlite it would wait for ever).
    const targetId = await uniqueCodeOf(BANK_A, userId);
    const deleteAudits = await world.db.withBank(BANK_A, (tx) =>
      tx
        .select({ action: auditEvents.action, actor: auditEvents.actor_user_id })
        .from(auditEvents)
        .where(and(eq(auditEvents.target_type, 'settings'), eq(auditEvents.target_id, targetId))),
    );
    expect(deleteAudits).toEqual([{ action: 'DELETE', actor: userId }]);

    // The grant the login held at the provider is revoked.
    if (refreshToken)
      await expect(
        oidc.refreshTokenGrant(await portalClient(world.idp, BANK_A), refreshToken),
      ).rejects.toMatchObject({ error: 'invalid_grant' });

    // The browser follows redirect_to: the provider's session ends, and back at /login its form asks again.
    expect(await confirmProviderLogout(here.providerCookies, to.href)).toBe(`${gatewayOrigin(BANK_A)}/login`);
    expect(await asksForPassword(BANK_A, here.providerCookies)).toBe(true);

    // The next login links again.
    const next = await loginAs(world.app, BANK_A, `owner-${BANK_A}`, {
      providerCookies: here.providerCookies,
    });
    expect(await linksRowsOf(BANK_A, userId)).toHaveLength(1);
    expect((await links(BANK_A, next)).json().result.links).toHaveLength(1);
  });

  it('refuses a user with no link (422) and ends nothing', async () => {
    const userId = await world.userIdOf(BANK_B, 'company_employee');
    const login = await loginAs(world.app, BANK_B, `employee-${BANK_B}`);
    await world.db.withBank(BANK_B, (tx) =>
      tx.delete(userIdentityLinks).where(eq(userIdentityLinks.user_id, userId)),
    );
    expect((await links(BANK_B, login)).json().result).toEqual({ impersonating: false, links: [] });
    const answer = await disconnect(BANK_B, login);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(IDENTITY_LINK_MESSAGES.notLinked);
    expect((await links(BANK_B, login)).statusCode).toBe(200);
  });

  it('refuses a staff member acting as the user (403), shows them no link, and leaves the user’s link and sessions alone', async () => {
    const ownerId = await world.userIdOf(BANK_B, 'company_owner');
    const owner = await loginAs(world.app, BANK_B, `owner-${BANK_B}`);
    const admin = await loginAs(world.app, BANK_B, `sysadmin-${BANK_B}`);
    const switched = await apiPost(world.app, BANK_B, admin.cookie, '/api/v1/user/switch', {
      user_unique_code: await uniqueCodeOf(BANK_B, ownerId),
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const asOwner = { cookie: `portal_session=${setCookieValue(switched, 'portal_session')}` };

    expect((await links(BANK_B, asOwner)).json().result).toEqual({ impersonating: true, links: [] });
    const refused = await disconnect(BANK_B, asOwner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 'error', message: '権限がありません' });
    expect(await linksRowsOf(BANK_B, ownerId)).toHaveLength(1);
    expect((await links(BANK_B, owner)).statusCode).toBe(200);
    expect((await links(BANK_B, asOwner)).statusCode).toBe(200);
  });

  it('lets bank staff unlink their own account too', async () => {
    const adminId = await world.userIdOf(BANK_B, 'bank_admin');
    const admin = await loginAs(world.app, BANK_B, `bankadmin-${BANK_B}`);
    expect((await links(BANK_B, admin)).json().result.links).toHaveLength(1);
    const answer = await disconnect(BANK_B, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await linksRowsOf(BANK_B, adminId)).toEqual([]);
    expect((await links(BANK_B, admin)).statusCode).toBe(401);
  });

  it('refuses a visitor (401), and a call without the page’s marker (403)', async () => {
    expect((await apiGet(world.app, BANK_A, '', LINKS)).statusCode).toBe(401);
    expect((await disconnect(BANK_A, { cookie: '' })).statusCode).toBe(401);
    const login = await loginAs(world.app, BANK_A, `employee-${BANK_A}`);
    const forged = await world.app.inject({
      method: 'POST',
      url: DISCONNECT,
      headers: {
        host: `bank${BANK_A}.localhost:3000`,
        cookie: login.cookie,
        origin: 'https://attacker.example',
      },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    expect((await links(BANK_A, login)).statusCode).toBe(200);
  });

  it('keeps each bank to its own: the 0158 user’s unlinking touches nothing of 0182', async () => {
    const inA = await loginAs(world.app, BANK_A, `partner-${BANK_A}`);
    const inB = await loginAs(world.app, BANK_B, `partner-${BANK_B}`);
    const idA = await world.userIdOf(BANK_A, 'partner_company_owner');
    const idB = await world.userIdOf(BANK_B, 'partner_company_owner');
    const linksA = await linksRowsOf(BANK_A, idA);
    expect(linksA).toHaveLength(1);

    expect((await disconnect(BANK_B, inB)).statusCode).toBe(200);
    expect(await linksRowsOf(BANK_B, idB)).toEqual([]);
    expect(await linksRowsOf(BANK_A, idA)).toEqual(linksA);
    expect((await links(BANK_A, inA)).statusCode).toBe(200);
    // 0182's cookie names nothing on 0158's host, and so ends nothing there either.
    expect((await disconnect(BANK_B, inA)).statusCode).toBe(401);
    expect((await links(BANK_A, inA)).json().result.links).toHaveLength(1);
  });
});
