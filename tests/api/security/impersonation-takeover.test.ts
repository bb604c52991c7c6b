import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { auditEvents, emailChanges } from '#server/db/schema.ts';
import type { RouteEntry } from '#server/plugins/route-index.ts';
import { multipartBody, TINY_PNG } from '#tests/support/identification-upload.ts';
import { gatewayHost, gatewayOrigin } from '#tests/support/login.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { BANK_A, BANK_B, type World } from '#tests/support/world.ts';
import {
  CONFIRM,
  expectForbidden,
  profileForm,
  SAVE_PROFILE,
  switchedSessionProbes,
} from './switched-session-probes.ts';

/**
 * Impersonation cannot take over an account (issue 28 item 2): a staff member switched into a user
 * can change nothing of how that user logs in or is reached (one rule, declared on the call:
 * refusedWhileSwitched), and every write while switched names the staff member in the audit trail.
 * The e-mail confirmation is email-change-confirmation.test.ts.
 */

const ATTACKER = 'attacker@example.net';
const PASSWORD = '/api/v1/setting/password';
const TEMPLATES = '/api/v1/setting/chat_remark_template';

const mailWorld = useMailWorld({
  banks: [BANK_A, BANK_B],
  gateway: { env: { REMINDER_RATE_LIMIT_MAX: '100' } },
});
const { userRow, switchedInto, post, recipientsOf } = switchedSessionProbes(mailWorld);
let world: World;
let smtp: TestSmtpServer;
beforeAll(() => {
  ({ world, smtp } = mailWorld);
});

describe('a staff member switched into a user cannot take the account over', () => {
  it.each([BANK_A, BANK_B])(
    'bank %s: the e-mail change, the reset to the new address and the password change are all refused',
    async (code) => {
      const before = await userRow(code, 'company_owner');
      const asOwner = await switchedInto(code, 'company_owner');

      // 1. The owner's e-mail address to one the admin reads: refused, nothing pending.
      expectForbidden(await post(code, asOwner, SAVE_PROFILE, profileForm(before, { user_email: ATTACKER })));
      expectForbidden(
        await post(code, asOwner, SAVE_PROFILE, profileForm(before, { user_alternate_email: ATTACKER })),
      );
      // 2. A reset asked for the admin's address finds no account; one for the owner's login id goes
      // to the owner's own address.
      const reminder = (value: string) => post(code, '', '/api/v1/reminder', { login_id_or_email: value });
      expect((await reminder(ATTACKER)).statusCode).toBe(200);
      expect((await reminder(before.user_login_id)).statusCode).toBe(200);
      await mailWorld.drainMail();
      await smtp.waitForMail(1);
      expect(recipientsOf()).toEqual([before.user_email]);
      // 3. A password set for the owner: refused before the current password is even checked.
      expectForbidden(
        await post(code, asOwner, PASSWORD, {
          current_password: 'whatever-it-is',
          password: 'takeover2026Pass',
          password_confirmation: 'takeover2026Pass',
        }),
      );

      const after = await userRow(code, 'company_owner');
      expect(after.user_email).toBe(before.user_email);
      expect(after.user_alternate_email).toBe(before.user_alternate_email);
      expect(after.user_password_hash).toBe(before.user_password_hash);
      const pending = await world.db.withBank(code, (tx) =>
        tx.select().from(emailChanges).where(eq(emailChanges.user_id, before.user_id)),
      );
      expect(pending).toEqual([]);
    },
  );
});

/**
 * Each call that changes how a user logs in or is reached, or creates a user who sets a password:
 * the account type it is tried as, and a body. While switched it is 403 権限がありません; the same
 * account logged in itself gets past the refusal (the status the call then answers).
 */
interface CredentialCall {
  method: 'POST';
  url: string | ((code: string) => Promise<string>);
  as: UserTypeCode;
  body: (code: string) => Promise<object>;
  /** What the account itself is answered (not switched). */
  allowed: number;
}

const employeeUrl = async (code: string) =>
  `/api/v1/setting/account/user/${(await userRow(code, 'company_employee')).user_unique_code}/save`;

const CREDENTIAL_CALLS: CredentialCall[] = [
  {
    method: 'POST',
    url: SAVE_PROFILE,
    as: 'company_user',
    body: async (code) => profileForm(await userRow(code, 'company_user')),
    allowed: 200,
  },
  {
    method: 'POST',
    url: PASSWORD,
    as: 'company_user',
    // A wrong current password: past the switch rule, the call answers 422 and changes nothing.
    body: async () => ({
      current_password: 'not-the-password-1',
      password: 'takeover2026Pass',
      password_confirmation: 'takeover2026Pass',
    }),
    allowed: 422,
  },
  {
    method: 'POST',
    url: '/api/v1/user/identity_link/disconnect',
    // Not the company user: unlinking ends the account's sessions, which the tests below use.
    as: 'company_employee',
    // The demo account logged in through the provider has a link: the one not switched is unlinked.
    body: async () => ({}),
    allowed: 200,
  },
  {
    method: 'POST',
    url: employeeUrl,
    as: 'company_owner',
    body: async (code) => {
      const employee = await userRow(code, 'company_employee');
      return profileForm(employee);
    },
    allowed: 200,
  },
  {
    method: 'POST',
    url: '/api/v1/setting/account/businessuser/create',
    as: 'company_owner',
    body: async () => ({
      user_last_name: '乗取',
      user_first_name: '太郎',
      user_last_name_kana: 'ノットリ',
      user_first_name_kana: 'タロウ',
      user_email: `business-${Date.now()}@example.net`,
      user_tel: '',
    }),
    // Bank A allows business users; bank B's tenant file does not (403 there either way).
    allowed: 200,
  },
  {
    method: 'POST',
    url: '/api/v1/company/employee/invitations',
    as: 'company_owner',
    body: async () => ({ email: `invited-${Date.now()}@example.net` }),
    allowed: 200,
  },
];

const urlOf = async (call: CredentialCall, code: string) =>
  typeof call.url === 'string' ? call.url : call.url(code);

describe('every credential and contact call is refused while switched, and allowed when not', () => {
  for (const call of CREDENTIAL_CALLS) {
    const name = typeof call.url === 'string' ? call.url : '/api/v1/setting/account/user/:code/save';
    it(`${call.method} ${name} as a ${call.as}`, async () => {
      const code = BANK_A;
      const url = await urlOf(call, code);
      const switchedCookie = await switchedInto(code, call.as);
      const before = await userRow(code, call.as);
      expectForbidden(await post(code, switchedCookie, url, await call.body(code)));
      expect((await userRow(code, call.as)).user_password_hash).toBe(before.user_password_hash);

      const own = await world.loginAs(code, call.as);
      const answer = await post(code, own.cookie, url, await call.body(code));
      expect(answer.statusCode, answer.body).toBe(call.allowed);
    });
  }

  it('each such call is listed above: the rule is declared on the call, and every command that takes an e-mail address or a password from a logged-in caller declares it', () => {
    const routes = world.app.routeIndex
      .list()
      .filter((route: RouteEntry) => route.url.startsWith('/api/v1/'))
      .map((route: RouteEntry) => ({
        url: route.url,
        method: String(route.method),
        config: (route.config ?? {}) as { access?: string; refusedWhileSwitched?: boolean },
        bodyKeys: Object.keys(
          ((route.schema as { body?: { shape?: object } } | undefined)?.body?.shape ?? {}) as object,
        ),
      }));
    const declared = routes.filter((route) => route.config.refusedWhileSwitched).map((route) => route.url);
    const credentialKeys = ['email', 'user_email', 'user_alternate_email', 'password', 'owner_email'];
    // The charge save takes the caller's password to confirm who saves, and changes none.
    const confirmsOnly = ['/api/v1/company/charge/save', '/api/v1/charge/save'];
    const undeclared = routes
      .filter(
        (route) =>
          route.method !== 'GET' &&
          !confirmsOnly.includes(route.url) &&
          route.config.access !== 'public' &&
          route.bodyKeys.some((key) => credentialKeys.includes(key)) &&
          !route.config.refusedWhileSwitched,
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    const tested = [
      SAVE_PROFILE,
      PASSWORD,
      '/api/v1/user/identity_link/disconnect',
      '/api/v1/setting/account/user/:user_unique_code/save',
      '/api/v1/setting/account/businessuser/create',
      '/api/v1/company/employee/invitations',
      // The bank side's account creations and the e-mail confirmation: see below.
      '/api/v1/company/create',
      '/api/v1/company/create_all',
      CONFIRM,
    ];
    expect(declared.filter((url) => !tested.includes(url))).toEqual([]);
  });

  it('refuses a system admin switched into a bank admin the creation of a company and its owner', async () => {
    const asBankAdmin = await switchedInto(BANK_A, 'bank_admin', 'system_admin');
    const declared = world.app.routeIndex
      .list()
      .filter(
        (route: RouteEntry) => (route.config as { refusedWhileSwitched?: boolean })?.refusedWhileSwitched,
      )
      .map((route: RouteEntry) => route.url)
      .filter((url: string) => url.startsWith('/api/v1/company/') && !url.includes('employee'));
    expect(declared.length).toBeGreaterThan(0);
    for (const url of declared) expectForbidden(await post(BANK_A, asBankAdmin, url, {}));
  });
});

describe('every write made while switched names the real actor in the audit trail', () => {
  const latestAudit = async (code: string) => {
    const [row] = await world.db.withBank(code, (tx) =>
      tx.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1),
    );
    return row;
  };

  it.each([BANK_A, BANK_B])(
    'bank %s: a JSON command and an upload are the user’s, with the admin as impersonator',
    async (code) => {
      const admin = await userRow(code, 'bank_admin');
      const owner = await userRow(code, 'company_owner');
      const asOwner = await switchedInto(code, 'company_owner');

      const template = await post(code, asOwner, `${TEMPLATES}/create`, {
        template_title: '切替中の定型文',
        template_body: 'ユーザー切り替え中に保存しました。',
      });
      expect(template.statusCode, template.body).toBe(200);
      expect(await latestAudit(code)).toMatchObject({
        actor_user_id: owner.user_id,
        impersonator_user_id: admin.user_id,
      });

      const body = multipartBody({}, { name: 'face.png', contentType: 'image/png', bytes: TINY_PNG });
      const upload = await world.app.inject({
        method: 'POST',
        url: '/api/v1/user/profile_picture',
        headers: {
          host: gatewayHost(code),
          origin: gatewayOrigin(code),
          'x-requested-with': 'XMLHttpRequest',
          cookie: asOwner,
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
      expect(upload.statusCode, upload.body).toBe(200);
      expect(await latestAudit(code)).toMatchObject({
        action: 'UPDATE',
        actor_user_id: owner.user_id,
        impersonator_user_id: admin.user_id,
      });

      // The owner's own write names nobody else.
      const own = await world.loginAs(code, 'company_owner');
      const ownTemplate = await post(code, own.cookie, `${TEMPLATES}/create`, {
        template_title: '本人の定型文',
        template_body: '本人が保存しました。',
      });
      expect(ownTemplate.statusCode, ownTemplate.body).toBe(200);
      expect(await latestAudit(code)).toMatchObject({
        actor_user_id: owner.user_id,
        impersonator_user_id: null,
      });
    },
  );
});
