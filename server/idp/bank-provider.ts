import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  type AdapterFactory,
  type Configuration,
  interactionPolicy,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { oidcClientCredentials, oidcRedirectUris } from '../tenancy/oidc-client.ts';
import type { Tenant } from '../tenancy/tenant.ts';
import { accountClaims, findEnabledUser, passwordChangedAt } from './provider-accounts.ts';
import { renderLogoutPage, renderMessagePage } from './provider-pages.ts';
import type { BankSigningKeys } from './signing-keys.ts';

/**
 * oidc-provider's prompts, with one more reason to ask for the password: a login session that began
 * before the user's password was reset (/reminder) is not single sign-on any more, so whoever held
 * it must know the new password.
 */
function loginPolicy(db: Database, code: string) {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check(
      'password_reset_since_login',
      'the password was reset after this login session began',
      async (ctx: KoaContextWithOIDC) => {
        const { session } = ctx.oidc;
        const sub = session?.accountId;
        const loginTs = session?.authTime();
        if (!sub || loginTs === undefined) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        const changedAt = await passwordChangedAt(db, code, sub);
        // Whole seconds, as the session keeps them: a login in the second of the reset is not asked again.
        return changedAt !== null && loginTs < Math.floor(changedAt.getTime() / 1000)
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT;
      },
    ),
  );
  return policy;
}

/** Lifetimes in seconds (issue: IdToken and AccessToken 30 minutes, RefreshToken 30 days). */
export const TOKEN_TTL = {
  IdToken: 1800,
  AccessToken: 1800,
  RefreshToken: 30 * 24 * 60 * 60,
  /** A grant lives as long as the refresh tokens it issues. */
  Grant: 30 * 24 * 60 * 60,
  AuthorizationCode: 60,
  /** The login page's lifetime. */
  Interaction: 60 * 60,
  /** The provider's own login session (single sign-on between tabs); the cookie itself ends with the browser. */
  Session: 8 * 60 * 60,
} as const;

/**
 * What the portal may ask for: `openid` (sub), `profile` (name, login id, user_type, bank), `email`
 * and `offline_access`. A refresh token comes whatever the scope (issueRefreshToken below).
 */
export const PORTAL_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
const CLAIMS_BY_SCOPE = {
  openid: ['sub'],
  profile: ['name', 'family_name', 'given_name', 'preferred_username', 'user_type', 'bank_code'],
  email: ['email'],
};

/** The claims a scope string gives (what /userinfo answers for an access token of that scope); sub always. */
export function claimsForScope<T extends { sub: string }>(
  claims: T,
  scope: string,
): Partial<T> & { sub: string } {
  const names = new Set([
    'sub',
    ...scope.split(' ').flatMap((name) => CLAIMS_BY_SCOPE[name as keyof typeof CLAIMS_BY_SCOPE] ?? []),
  ]);
  const picked = Object.fromEntries(Object.entries(claims).filter(([name]) => names.has(name)));
  return { ...(picked as Partial<T>), sub: claims.sub };
}

/** The interaction (login page) path of a bank: outside the provider's prefix, as oidc-provider needs. */
export const interactionPath = (bankCode: string, uid: string) => `/interaction/bank${bankCode}/${uid}`;
/** Where a bank's provider is mounted: the path of its issuer. */
export const providerMountPath = (bankCode: string) => `/oidc/bank${bankCode}`;

export interface BankProviderOptions {
  tenant: Tenant;
  config: Pick<ServerConfig, 'env' | 'readSecret' | 'port'>;
  db: Database;
  adapter: AdapterFactory;
  signingKeys: BankSigningKeys;
  cookieKeys: string[];
  logger: FastifyBaseLogger;
}

export interface BankProvider {
  code: string;
  /** The tenant revision the provider was built from: a changed tenant file builds a new one. */
  revision: string;
  provider: Provider;
  clientId: string;
  /** The portal client's registered redirect URIs: the login page's links lead back to one of these origins. */
  redirectUris: readonly string[];
  signingKeys: BankSigningKeys;
}

/**
 * One bank's OpenID Connect provider (oidc-provider 9): issuer = the tenant's `oidc.issuer`, one
 * confidential client (the portal) from the tenant file, authorization code flow with PKCE S256,
 * consent skipped for that client, refresh tokens always issued to it, RP-initiated logout and
 * revocation on, cookies named and keyed per bank. Answers undefined when the bank's client secret
 * is missing in production (that bank cannot log in; the others can).
 */
export function createBankProvider(options: BankProviderOptions): BankProvider | undefined {
  const { tenant, db, logger } = options;
  const credentials = oidcClientCredentials(tenant, options.config);
  if (!credentials) {
    logger.error(
      { secretEnv: tenant.config.oidc.client_secret_env },
      'the bank has no OIDC client secret: its identity provider is off',
    );
    return undefined;
  }
  const redirectUris = oidcRedirectUris(tenant, {
    env: options.config.env,
    gatewayPort: options.config.port,
  });
  const bankName = tenant.config.bank_name;
  const code = tenant.code;

  const configuration: Configuration = {
    adapter: options.adapter,
    clients: [
      {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        client_name: `${bankName} ${tenant.config.service_name}`,
        redirect_uris: redirectUris.callback,
        post_logout_redirect_uris: redirectUris.postLogout,
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token'],
        // openid-client's default for a client with a secret (discovery(issuer, id, secret)).
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: options.signingKeys.privateJwks,
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: [...PORTAL_SCOPES],
    claims: CLAIMS_BY_SCOPE,
    // The granted scopes' claims go into the ID token too, not only to userinfo: the gateway reads them there.
    conformIdTokenClaims: false,
    ttl: { ...TOKEN_TTL },
    // Refresh tokens do not end with the provider's login session; the gateway revokes its refresh
    // token at logout (POST …/token/revocation revokes the whole grant).
    expiresWithSession: () => false,
    issueRefreshToken: (
      _ctx: unknown,
      client: { clientId: string; grantTypeAllowed(type: string): boolean },
    ) => client.clientId === credentials.clientId && client.grantTypeAllowed('refresh_token'),
    // Consent is skipped for the portal's own client: the grant takes the scopes and claims asked for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const clientId = oidc.client?.clientId;
      const accountId = oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing?.accountId === accountId ? existing : new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
      if (oidc.requestParamClaims.size > 0) grant.addOIDCClaims([...oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const row = await findEnabledUser(db, code, sub);
      if (!row) return undefined;
      return { accountId: sub, claims: () => accountClaims(row, code) };
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => interactionPath(code, interaction.uid),
      policy: loginPolicy(db, code),
    },
    cookies: {
      // Per bank: with oidc-provider's default names, logging in to one bank would end another's session.
      names: {
        session: `_idp_session_${code}`,
        interaction: `_idp_interaction_${code}`,
        resume: `_idp_resume_${code}`,
      },
      keys: options.cookieKeys,
    },
    features: {
      devInteractions: { enabled: false },
      // The portal's client revokes its own tokens only (the one client of the bank's provider).
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId: string }) =>
          token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(bankName, form);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = renderMessagePage(`ログアウト | ${bankName}`, 'ログアウトしました。');
        },
      },
    },
    renderError: (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = renderMessagePage(
        `エラー | ${bankName}`,
        `ログイン処理でエラーが発生しました。最初からやり直してください。（${out.error ?? 'error'}）`,
      );
    },
  };

  const provider = new Provider(credentials.issuer, configuration);
  useIssuerOrigin(provider, credentials.issuer);
  provider.on('server_error', (_ctx, err) => logger.error({ err }, 'identity provider error'));
  for (const event of ['authorization.error', 'grant.error', 'userinfo.error', 'end_session.error']) {
    provider.on(event, (_ctx, err) =>
      logger.info({ event, error: errorCode(err) }, 'identity provider refused a request'),
    );
  }
  return {
    code,
    revision: tenant.revision,
    provider,
    clientId: credentials.clientId,
    redirectUris: redirectUris.callback,
    signingKeys: options.signingKeys,
  };
}

/**
 * Every URL the provider writes (discovery's endpoints, jwks_uri, the login's resume and logout
 * form targets) starts with the configured issuer, whatever Host or X-Forwarded-Host the request
 * carries. oidc-provider builds them from Koa's `request.protocol` and `request.host`, which the
 * client sets, so a forged Host would otherwise poison the discovery document. Koa's `app.request`
 * is the prototype of each request the provider handles (Koa's documented way to extend it).
 * Behind a proxy the browser reaches the issuer; the gateway may reach it elsewhere
 * (OIDC_BACKCHANNEL_ORIGINS maps the issuer's origin for its own calls).
 */
function useIssuerOrigin(provider: Provider, issuer: string): void {
  const { host, protocol } = new URL(issuer);
  Object.defineProperties(provider.request, {
    host: { get: () => host },
    protocol: { get: () => protocol.slice(0, -1) },
  });
}

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'error' in err ? String(err.error) : undefined;
}
