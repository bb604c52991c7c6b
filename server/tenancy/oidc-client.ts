import type { ServerConfig } from '../config.ts';
import { bankPublicOrigins } from './public-origin.ts';
import type { Tenant } from './tenant.ts';

/** Each bank's OpenID Connect client as both the portal (relying party) and the development provider see it. */
export interface OidcClientCredentials {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The bank's client id and secret. The secret comes from the environment variable its tenant file
 * names. Outside production a missing variable falls back to a fixed development secret, so
 * `npm start` works on a machine with nothing configured; in production it is an error the caller
 * reports for that bank alone (the other banks keep logging in).
 */
export function oidcClientCredentials(
  tenant: Tenant,
  config: Pick<ServerConfig, 'env' | 'readSecret'>,
): OidcClientCredentials | undefined {
  const { issuer, client_id: clientId, client_secret_env: secretName } = tenant.config.oidc;
  const secret = config.readSecret(secretName);
  if (secret !== undefined) return { issuer, clientId, clientSecret: secret };
  if (config.env === 'production') return undefined;
  return { issuer, clientId, clientSecret: `development-secret-${tenant.code}` };
}

/**
 * Where the provider may send the browser back after login and logout: on each of the bank's hosts
 * (https), and outside production on its development host `bank{code}.localhost` at the gateway's
 * port. The gateway asks for exactly these, so a code can only ever be delivered to this bank.
 */
export function oidcRedirectUris(
  tenant: Tenant,
  options: { env: ServerConfig['env']; gatewayPort: number },
): { callback: string[]; postLogout: string[] } {
  const origins = bankPublicOrigins(tenant, { env: options.env, port: options.gatewayPort });
  return {
    callback: origins.map((origin) => `${origin}/callback`),
    postLogout: origins.flatMap((origin) => [`${origin}/`, `${origin}/login`]),
  };
}
