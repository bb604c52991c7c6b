import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { z } from 'zod';
import { maySwitchInto, switchTargetTypesOf } from '../contracts/user-switch.ts';
import type { Database } from '../db/database.ts';
import { type AccountClaims, accountClaims, findEnabledUser } from './provider-accounts.ts';
import { type BankProvider, claimsForScope, PORTAL_SCOPES } from './bank-provider.ts';
import { IdpError } from './idp-error.ts';
import type { ProviderRegistry } from './provider-registry.ts';

export interface TokenRoutesOptions {
  providers: ProviderRegistry;
  db: Database;
}

const errorSchema = z.object({ error: z.string(), error_description: z.string() });
const claimsSchema = z.looseObject({ sub: z.string() });
const bankParams = z.object({ code: z.string().regex(/^\d{4}$/) });

export const SWITCH_SCOPE = PORTAL_SCOPES.join(' ');
/** The grant type written on the tokens a switch mints (oidc-provider appends ` refresh_token` on refresh). */
const SWITCH_GRANT_TYPE = 'user_switch';

const INVALID_BEARER = () => new IdpError(401, 'invalid_token', 'アクセストークンが無効です。');

function bearerToken(authorization: string | undefined): string {
  const match = /^Bearer ([\x21-\x7e]+)$/i.exec(authorization ?? '');
  if (!match?.[1]) throw INVALID_BEARER();
  return match[1];
}

/**
 * The provider calls of the spec beyond OpenID Connect: switching into another user of the bank,
 * checking an ID token, and userinfo for an access token of any bank. Every answer is JSON; errors
 * are `{ error, error_description }`.
 */
export const tokenRoutes: FastifyPluginAsyncZod<TokenRoutesOptions> = async (app, { providers, db }) => {
  app.post(
    '/oidc/bank:code/token/switch',
    {
      schema: {
        params: bankParams,
        headers: z.looseObject({ authorization: z.string().optional() }),
        body: z.object({ user_unique_code: z.string().min(1).max(32) }),
        response: {
          200: z.object({
            id_token: z.string(),
            access_token: z.string(),
            refresh_token: z.string(),
            token_type: z.literal('Bearer'),
            expires_in: z.number(),
          }),
          '4xx': errorSchema,
        },
      },
    },
    async (request) => {
      const { code } = request.params;
      const bank = await providers.providerFor(code);
      if (!bank) throw new IdpError(404, 'not_found', '金融機関が見つかりません。');
      const bearer = await bank.provider.AccessToken.find(bearerToken(request.headers.authorization));
      if (!bearer) throw INVALID_BEARER();
      const actor = await findEnabledUser(db, code, bearer.accountId);
      if (!actor) throw INVALID_BEARER();
      // Nobody switches on the tokens of a switch (refreshed or not): that would be acting as a
      // second user while already acting as one, and the gateway keeps only one admin to return to.
      const switchedBearer = bearer.gty?.split(' ').includes(SWITCH_GRANT_TYPE) ?? false;
      if (switchedBearer || switchTargetTypesOf(actor.user_type).length === 0) {
        throw new IdpError(403, 'forbidden', 'ユーザーを切り替える権限がありません。');
      }
      // Row-level security: a user of another bank is not found in this one.
      const target = await findEnabledUser(db, code, request.body.user_unique_code);
      if (!target) throw new IdpError(404, 'not_found', '切り替え先のユーザーが見つかりません。');
      // The gateway's table (server/contracts/user-switch.ts): never into an equal or higher account.
      if (!maySwitchInto(actor.user_type, target.user_type)) {
        throw new IdpError(403, 'forbidden', 'このユーザーに切り替える権限がありません。');
      }
      const tokens = await mintTokens(bank, accountClaims(target, code));
      request.log.info(
        { bank: code, actor: actor.user_unique_code, target: target.user_unique_code },
        'user switch tokens issued',
      );
      return tokens;
    },
  );

  app.post(
    '/oidc/token/use_idtoken',
    {
      schema: {
        querystring: z.object({ id_token: z.string().optional() }),
        body: z.looseObject({ id_token: z.string().optional() }).nullish(),
        response: { 200: claimsSchema, '4xx': errorSchema },
      },
    },
    async (request) => {
      const idToken = request.query.id_token ?? request.body?.id_token;
      const invalid = () => new IdpError(401, 'invalid_token', 'IDトークンが無効です。');
      if (!idToken) throw invalid();
      let issuer: string | undefined;
      try {
        issuer = decodeJwt(idToken).iss;
      } catch {
        throw invalid();
      }
      const code = issuer ? providers.codeForIssuer(issuer) : undefined;
      const bank = code ? await providers.providerFor(code) : undefined;
      if (!code || !bank || !issuer) throw invalid();
      const verified = await jwtVerify(idToken, createLocalJWKSet(bank.signingKeys.publicJwks), {
        issuer,
        audience: bank.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      }).catch(() => undefined);
      const sub = verified?.payload.sub;
      const user = sub ? await findEnabledUser(db, code, sub) : undefined;
      if (!user) throw invalid();
      return accountClaims(user, code);
    },
  );

  app.post(
    '/oidc/bank/userinfo',
    {
      schema: {
        headers: z.looseObject({ authorization: z.string().optional() }),
        response: { 200: claimsSchema, '4xx': errorSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      // Access tokens are opaque: the bank is the one whose provider stored this token.
      const found = await Promise.all(
        providers.bankCodes().map(async (code) => {
          const bank = await providers.providerFor(code);
          const accessToken = await bank?.provider.AccessToken.find(token);
          return accessToken ? { code, accessToken } : undefined;
        }),
      );
      const match = found.find((entry) => entry !== undefined);
      if (!match) throw INVALID_BEARER();
      const user = await findEnabledUser(db, match.code, match.accessToken.accountId);
      if (!user) throw INVALID_BEARER();
      return claimsForScope(accountClaims(user, match.code), match.accessToken.scope ?? 'openid');
    },
  );
};

/**
 * Real tokens for a switch, minted through the bank provider's own models: a grant for the portal's
 * client, an access token, a refresh token (refreshes like a login's) and an ID token signed with the
 * bank's keys, `aud` = the client id. The ID token has no nonce (no authorization request made one).
 */
async function mintTokens(bank: BankProvider, claims: AccountClaims) {
  const { provider, clientId } = bank;
  const client = await provider.Client.find(clientId);
  if (!client) throw new Error(`the provider of bank ${bank.code} has no client ${clientId}`);
  const grant = new provider.Grant({ accountId: claims.sub, clientId });
  grant.addOIDCScope(SWITCH_SCOPE);
  const grantId = await grant.save();
  const common = { accountId: claims.sub, client, grantId, gty: SWITCH_GRANT_TYPE, scope: SWITCH_SCOPE };

  const accessToken = new provider.AccessToken(common);
  const accessTokenValue = await accessToken.save();
  const refreshToken = new provider.RefreshToken({ ...common, rotations: 0, expiresWithSession: false });
  const refreshTokenValue = await refreshToken.save();
  const idToken = new provider.IdToken({ ...claims }, { client });
  idToken.scope = SWITCH_SCOPE;
  idToken.set('at_hash', accessTokenValue);
  return {
    id_token: await idToken.issue({ use: 'idtoken' }),
    access_token: accessTokenValue,
    refresh_token: refreshTokenValue,
    token_type: 'Bearer' as const,
    expires_in: accessToken.expiration,
  };
}
