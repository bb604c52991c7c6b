import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  browserFetch,
  completeProviderLogin,
  CookieJar,
  findFreePort,
  loginFailure,
  startTestIdentityProvider,
  tenantsForIssuerPort,
  type TestIdentityProvider,
} from '#tests/support/idp.ts';
import { authorizationRequest, portalClient } from './relying-party.ts';

const LOCKING_BANK = '0182';
/** Its copy has enable_account_lock turned off. */
const NON_LOCKING_BANK = '0158';
const REFUSED = 'ログインIDまたはパスワードが正しくありません。';
const LOCKED = 'アカウントがロックされています。しばらく時間をおいてから再度お試しください。';
const PASSWORD = 'demo-password';

describe('the login page of a bank provider', () => {
  let idp: TestIdentityProvider;
  let tenantsDir: string;

  beforeAll(async () => {
    tenantsDir = await tenantsForIssuerPort([LOCKING_BANK, NON_LOCKING_BANK], await findFreePort());
    const file = path.join(tenantsDir, NON_LOCKING_BANK, 'tenant.json');
    const tenant = JSON.parse(await fs.readFile(file, 'utf8'));
    tenant.features.enable_account_lock = false;
    await fs.writeFile(file, JSON.stringify(tenant, null, 2));
    // Every login of this file comes from 127.0.0.1: keep the rate limit out of these tests.
    idp = await startTestIdentityProvider({
      tenantsDir,
      loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await idp?.close();
    await fs.rm(tenantsDir, { recursive: true, force: true });
  });

  const authorizationUrl = async (code: string) =>
    (await authorizationRequest(await portalClient(idp, code), code)).url;
  const attempt = async (code: string, loginId: string, password: string) =>
    loginFailure(await authorizationUrl(code), { loginId, password });
  const login = async (code: string, loginId: string, password = PASSWORD) =>
    completeProviderLogin(await authorizationUrl(code), { loginId, password });
  const setUser = (code: string, loginId: string, values: Partial<typeof users.$inferInsert>) =>
    idp.db.withBank(code, (tx) => tx.update(users).set(values).where(eq(users.user_login_id, loginId)));
  const lockState = async (code: string, loginId: string) => {
    const [row] = await idp.db.withBank(code, (tx) =>
      tx
        .select({ failures: users.user_failed_login_count, lockedUntil: users.user_locked_until })
        .from(users)
        .where(eq(users.user_login_id, loginId)),
    );
    return row;
  };

  it.each([LOCKING_BANK, NON_LOCKING_BANK])(
    'is a Japanese form with the bank name for bank %s',
    async (code) => {
      const jar = new CookieJar();
      const start = await browserFetch(jar, await authorizationUrl(code));
      expect(start.status).toBe(303);
      const location = new URL(start.headers.get('location') ?? '', idp.origin);
      expect(location.pathname).toMatch(new RegExp(`^/interaction/bank${code}/[\\w-]+$`));
      const page = await browserFetch(jar, location);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      const bankName = idp.tenants.get(code)?.config.bank_name ?? '';
      expect(html).toContain('<html lang="ja">');
      expect(html).toMatch(new RegExp(`<title>[^<]*${bankName}[^<]*</title>`));
      expect(html).toContain('<label for="login_id">ログインID</label>');
      expect(html).toContain('<label for="password">パスワード</label>');
      expect(html).toContain('<button type="submit">ログイン</button>');
      expect(html).not.toContain('<script');
    },
  );

  it.each([LOCKING_BANK, NON_LOCKING_BANK])(
    'tells a wrong password and an unknown login id apart in no way (bank %s)',
    async (code) => {
      const wrongPassword = await attempt(code, `user-${code}`, 'not-the-password');
      const unknownLogin = await attempt(code, `nobody-${code}`, PASSWORD);
      expect(wrongPassword).toEqual({ status: 401, message: REFUSED });
      expect(unknownLogin).toEqual(wrongPassword);
    },
  );

  it('refuses a login id of another bank', async () => {
    expect(await attempt(LOCKING_BANK, `owner-${NON_LOCKING_BANK}`, PASSWORD)).toEqual({
      status: 401,
      message: REFUSED,
    });
  });

  it.each([LOCKING_BANK, NON_LOCKING_BANK])(
    'refuses a disabled user with the same message (bank %s)',
    async (code) => {
      await setUser(code, `employee-${code}`, { user_is_disabled: true });
      try {
        expect(await attempt(code, `employee-${code}`, PASSWORD)).toEqual({ status: 401, message: REFUSED });
      } finally {
        await setUser(code, `employee-${code}`, { user_is_disabled: false });
      }
      await expect(login(code, `employee-${code}`)).resolves.toHaveProperty('callbackUrl');
    },
  );

  it('locks an account for 15 minutes after 5 wrong passwords in a row when the bank turns the lock on', async () => {
    const loginId = `partner-${LOCKING_BANK}`;
    for (let failure = 1; failure <= 4; failure++) {
      expect(await attempt(LOCKING_BANK, loginId, 'wrong'), `failure ${failure}`).toEqual({
        status: 401,
        message: REFUSED,
      });
    }
    expect(await attempt(LOCKING_BANK, loginId, 'wrong')).toEqual({ status: 401, message: LOCKED });
    const locked = await lockState(LOCKING_BANK, loginId);
    expect(locked?.failures).toBe(5);
    const minutesLocked = ((locked?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLocked).toBeGreaterThan(14.9);
    expect(minutesLocked).toBeLessThanOrEqual(15);

    // While locked even the right password fails.
    expect(await attempt(LOCKING_BANK, loginId, PASSWORD)).toEqual({ status: 401, message: LOCKED });

    // 15 minutes later the right password works and the count starts again.
    await setUser(LOCKING_BANK, loginId, { user_locked_until: new Date(Date.now() - 1000) });
    await expect(login(LOCKING_BANK, loginId)).resolves.toHaveProperty('callbackUrl');
    expect(await lockState(LOCKING_BANK, loginId)).toEqual({ failures: 0, lockedUntil: null });
  });

  it('resets the count of failures on a successful login', async () => {
    const loginId = `branchuser-${LOCKING_BANK}`;
    for (let failure = 1; failure <= 4; failure++) await attempt(LOCKING_BANK, loginId, 'wrong');
    await login(LOCKING_BANK, loginId);
    expect(await attempt(LOCKING_BANK, loginId, 'wrong')).toEqual({ status: 401, message: REFUSED });
    expect((await lockState(LOCKING_BANK, loginId))?.failures).toBe(1);
  });

  it('counts concurrent failures one by one', async () => {
    const loginId = `branchadmin-${LOCKING_BANK}`;
    await Promise.all([1, 2, 3].map(() => attempt(LOCKING_BANK, loginId, 'wrong')));
    expect((await lockState(LOCKING_BANK, loginId))?.failures).toBe(3);
  });

  it('never locks an account of a bank that turns the lock off', async () => {
    const loginId = `partner-${NON_LOCKING_BANK}`;
    for (let failure = 1; failure <= 7; failure++) {
      expect(await attempt(NON_LOCKING_BANK, loginId, 'wrong')).toEqual({ status: 401, message: REFUSED });
    }
    await expect(login(NON_LOCKING_BANK, loginId)).resolves.toHaveProperty('callbackUrl');
  });
});

describe('the login rate limit', () => {
  let idp: TestIdentityProvider;
  let tenantsDir: string;

  beforeAll(async () => {
    tenantsDir = await tenantsForIssuerPort([LOCKING_BANK, NON_LOCKING_BANK], await findFreePort());
    idp = await startTestIdentityProvider({ tenantsDir, loginRateLimit: { max: 3, timeWindowMs: 60_000 } });
  });
  afterAll(async () => {
    await idp?.close();
    await fs.rm(tenantsDir, { recursive: true, force: true });
  });

  it('answers 429 in Japanese past the budget of one address at one bank, leaving the other banks', async () => {
    const url = async (code: string) => (await authorizationRequest(await portalClient(idp, code), code)).url;
    for (let sent = 1; sent <= 3; sent++) {
      expect((await loginFailure(await url(LOCKING_BANK), { loginId: 'x', password: 'y' })).status).toBe(401);
    }
    const refused = await loginFailure(await url(LOCKING_BANK), { loginId: 'x', password: 'y' });
    expect(refused).toEqual({
      status: 429,
      message: 'ログインの試行回数が上限を超えました。しばらく時間をおいてから再度お試しください。',
    });
    expect((await loginFailure(await url(NON_LOCKING_BANK), { loginId: 'x', password: 'y' })).status).toBe(
      401,
    );
  });
});
