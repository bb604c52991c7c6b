import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES, type UserTypeCode } from '#server/contracts/account-types.ts';
import { maySwitchInto, switchTargetTypesOf } from '#server/contracts/user-switch.ts';
import { users } from '#server/db/schema.ts';
import { completeProviderLogin, startProviderForBanks } from '#tests/support/idp.ts';
import { DEMO_LOGIN_OF } from '#tests/support/login.ts';
import { addSecondAccounts } from '#tests/support/second-accounts.ts';
import { authorizationRequest, clientIdOf, portalClient, redeemCallback } from './relying-party.ts';

const BANK_A = '0182';
const BANK_B = '0158';

describe('the identity provider’s token calls', () => {
  let idp: Awaited<ReturnType<typeof startProviderForBanks>>;

  beforeAll(async () => {
    // Every account type logs in below; the login limit has tests of its own (login-page.test.ts).
    idp = await startProviderForBanks([BANK_A, BANK_B], {
      loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await idp?.close();
  });

  async function tokensOf(code: string, loginId: string) {
    const config = await portalClient(idp, code);
    const request = await authorizationRequest(config, code);
    const { callbackUrl } = await completeProviderLogin(request.url, { loginId, password: 'demo-password' });
    return { config, tokens: await redeemCallback(config, request, callbackUrl) };
  }
  const uniqueCodeOf = async (code: string, loginId: string) => {
    const [row] = await idp.db.withBank(code, (tx) =>
      tx.select({ sub: users.user_unique_code }).from(users).where(eq(users.user_login_id, loginId)),
    );
    return row?.sub ?? '';
  };
  const switchUser = (code: string, bearer: string, userUniqueCode: string) =>
    fetch(`${idp.issuer(code)}/token/switch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_unique_code: userUniqueCode }),
    });

  describe('POST /oidc/bank{code}/token/switch', () => {
    it.each([
      [BANK_A, 'bankadmin'],
      [BANK_B, 'sysadmin'],
    ])('gives a bank %s admin (%s) real tokens of a company user of the same bank', async (code, admin) => {
      const { config, tokens } = await tokensOf(code, `${admin}-${code}`);
      const target = await uniqueCodeOf(code, `user-${code}`);
      const response = await switchUser(code, tokens.access_token, target);
      expect(response.status).toBe(200);
      const switched = (await response.json()) as Record<string, string | number>;
      expect(switched).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
      expect(switched.expires_in).toBeGreaterThan(1790);

      // The ID token verifies as a login's does (issuer, audience, the bank's keys), without a nonce.
      const idToken = String(switched.id_token);
      const useIdToken = await fetch(
        `${idp.origin}/oidc/token/use_idtoken?id_token=${encodeURIComponent(idToken)}`,
        { method: 'POST' },
      );
      expect(useIdToken.status).toBe(200);
      expect(await useIdToken.json()).toMatchObject({ sub: target, user_type: 'company_user' });
      const { payload } = await import('jose').then(async (jose) =>
        jose.jwtVerify(idToken, jose.createRemoteJWKSet(new URL(`${idp.issuer(code)}/jwks`)), {
          issuer: idp.issuer(code),
          audience: clientIdOf(code),
        }),
      );
      expect(payload).toMatchObject({ sub: target, user_type: 'company_user', bank_code: code });
      expect(payload).not.toHaveProperty('nonce');

      // The access token is the target's at userinfo; the refresh token refreshes like a login's.
      const userinfo = await oidc.fetchUserInfo(config, String(switched.access_token), target);
      expect(userinfo).toMatchObject({ sub: target, user_type: 'company_user' });
      const refreshed = await oidc.refreshTokenGrant(config, String(switched.refresh_token));
      expect(refreshed.claims()).toMatchObject({ sub: target, iss: idp.issuer(code), aud: clientIdOf(code) });
    });

    it('answers 404 for a user of another bank', async () => {
      const { tokens } = await tokensOf(BANK_A, `bankadmin-${BANK_A}`);
      const response = await switchUser(
        BANK_A,
        tokens.access_token,
        await uniqueCodeOf(BANK_B, `user-${BANK_B}`),
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'not_found',
        error_description: '切り替え先のユーザーが見つかりません。',
      });
    });

    it('answers 403 to a bearer who is not a bank-side admin', async () => {
      for (const loginId of [`owner-${BANK_A}`, `branchadmin-${BANK_A}`]) {
        const { tokens } = await tokensOf(BANK_A, loginId);
        const response = await switchUser(
          BANK_A,
          tokens.access_token,
          await uniqueCodeOf(BANK_A, `user-${BANK_A}`),
        );
        expect(response.status, loginId).toBe(403);
        expect(await response.json()).toMatchObject({ error: 'forbidden' });
      }
    });

    it('answers 401 to an invalid bearer, and to a bearer of another bank’s provider', async () => {
      const target = await uniqueCodeOf(BANK_A, `user-${BANK_A}`);
      const invalid = await switchUser(BANK_A, 'not-a-token', target);
      expect(invalid.status).toBe(401);
      expect(await invalid.json()).toMatchObject({ error: 'invalid_token' });

      const { tokens } = await tokensOf(BANK_B, `bankadmin-${BANK_B}`);
      expect((await switchUser(BANK_A, tokens.access_token, target)).status).toBe(401);
      const missing = await fetch(`${idp.issuer(BANK_A)}/token/switch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_unique_code: target }),
      });
      expect(missing.status).toBe(401);
    });
  });

  describe('POST /oidc/bank{code}/token/switch: every account type × another user of every type', () => {
    for (const code of [BANK_A, BANK_B]) {
      describe(`bank ${code}`, () => {
        let targetOf: Record<UserTypeCode, string>;
        const accessTokens = new Map<UserTypeCode, string>();
        /** The demo user's access token (a switch leaves the bearer's own tokens as they are). */
        const bearerOf = async (type: UserTypeCode) => {
          let token = accessTokens.get(type);
          if (!token) {
            token = (await tokensOf(code, `${DEMO_LOGIN_OF[type]}-${code}`)).tokens.access_token;
            accessTokens.set(type, token);
          }
          return token;
        };

        beforeAll(async () => {
          targetOf = await addSecondAccounts(idp.db, code);
        });

        for (const actor of USER_TYPES) {
          for (const target of USER_TYPES) {
            if (maySwitchInto(actor, target)) {
              it(`gives a ${actor} the tokens of another ${target}`, async () => {
                const response = await switchUser(code, await bearerOf(actor), targetOf[target]);
                expect(response.status).toBe(200);
                const { id_token } = (await response.json()) as { id_token: string };
                expect(decodeJwt(id_token)).toMatchObject({ sub: targetOf[target], user_type: target });
              });
            } else {
              it(`answers a ${actor} asking for another ${target} 403`, async () => {
                const response = await switchUser(code, await bearerOf(actor), targetOf[target]);
                expect(response.status).toBe(403);
                expect(await response.json()).toEqual({
                  error: 'forbidden',
                  error_description:
                    switchTargetTypesOf(actor).length === 0
                      ? 'ユーザーを切り替える権限がありません。'
                      : 'このユーザーに切り替える権限がありません。',
                });
              });
            }
          }
        }
      });
    }

    it('answers 403 to a bearer whose token came from a switch, refreshed or not', async () => {
      const { config, tokens } = await tokensOf(BANK_A, `sysadmin-${BANK_A}`);
      const response = await switchUser(
        BANK_A,
        tokens.access_token,
        await uniqueCodeOf(BANK_A, `bankadmin-${BANK_A}`),
      );
      expect(response.status).toBe(200);
      const asBankAdmin = (await response.json()) as { access_token: string; refresh_token: string };
      const owner = await uniqueCodeOf(BANK_A, `owner-${BANK_A}`);

      const again = await switchUser(BANK_A, asBankAdmin.access_token, owner);
      expect(again.status).toBe(403);
      expect(await again.json()).toEqual({
        error: 'forbidden',
        error_description: 'ユーザーを切り替える権限がありません。',
      });
      const refreshed = await oidc.refreshTokenGrant(config, asBankAdmin.refresh_token);
      expect((await switchUser(BANK_A, refreshed.access_token, owner)).status).toBe(403);
    });
  });

  describe('POST /oidc/token/use_idtoken', () => {
    it.each([BANK_A, BANK_B])(
      'answers the claims of the user of a valid ID token of bank %s',
      async (code) => {
        const { tokens } = await tokensOf(code, `owner-${code}`);
        const response = await fetch(
          `${idp.origin}/oidc/token/use_idtoken?id_token=${encodeURIComponent(tokens.id_token ?? '')}`,
          { method: 'POST' },
        );
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          sub: tokens.claims()?.sub,
          name: expect.any(String),
          family_name: expect.any(String),
          given_name: expect.any(String),
          preferred_username: `owner-${code}`,
          email: expect.any(String),
          user_type: 'company_owner',
          bank_code: code,
        });
      },
    );

    it('answers 401 to a tampered, foreign or missing ID token', async () => {
      const { tokens } = await tokensOf(BANK_A, `owner-${BANK_A}`);
      const [header, payload, signature] = (tokens.id_token ?? '').split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
      const tampered = [
        header,
        Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'),
        signature,
      ].join('.');
      // Bank B's issuer with bank A's signature.
      const foreign = [
        header,
        Buffer.from(JSON.stringify({ ...claims, iss: idp.issuer(BANK_B), aud: clientIdOf(BANK_B) })).toString(
          'base64url',
        ),
        signature,
      ].join('.');
      for (const idToken of [tampered, foreign, 'garbage', '']) {
        const response = await fetch(
          `${idp.origin}/oidc/token/use_idtoken?id_token=${encodeURIComponent(idToken)}`,
          {
            method: 'POST',
          },
        );
        expect(response.status, idToken).toBe(401);
        expect(await response.json()).toEqual({
          error: 'invalid_token',
          error_description: 'IDトークンが無効です。',
        });
      }
    });
  });

  describe('POST /oidc/bank/userinfo', () => {
    it.each([BANK_A, BANK_B])('answers the userinfo of an access token of bank %s', async (code) => {
      const { tokens } = await tokensOf(code, `branchuser-${code}`);
      const response = await fetch(`${idp.origin}/oidc/bank/userinfo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        sub: tokens.claims()?.sub,
        user_type: 'branch_user',
        bank_code: code,
        email: expect.any(String),
      });
    });

    it('answers 401 to an unknown or missing access token', async () => {
      for (const headers of [{ authorization: 'Bearer unknown-token' }, {} as Record<string, string>]) {
        const response = await fetch(`${idp.origin}/oidc/bank/userinfo`, { method: 'POST', headers });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          error: 'invalid_token',
          error_description: 'アクセストークンが無効です。',
        });
      }
    });
  });
});
