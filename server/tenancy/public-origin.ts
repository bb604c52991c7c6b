import type { ServerConfig } from '../config.ts';
import { devHostFor, normalizeHost } from './host.ts';
import type { Tenant } from './tenant.ts';

/** What of the deployment's configuration a bank's public origin depends on. */
export type PublicOriginConfig = Pick<ServerConfig, 'env' | 'port'>;

/**
 * Every origin a bank's portal is served at by configuration, and its login may return to: https
 * on each of its tenant file's hosts, and outside production its development host
 * `http://bank{code}.localhost:{PORT}` (the gateway's configured port).
 */
export function bankPublicOrigins(tenant: Tenant, config: PublicOriginConfig): string[] {
  const origins = tenant.config.hosts.map((host) => `https://${host}`);
  if (config.env !== 'production') origins.push(developmentOrigin(tenant, config));
  return origins;
}

const developmentOrigin = (tenant: Tenant, config: PublicOriginConfig) =>
  `http://${devHostFor(tenant.code)}:${config.port}`;

/**
 * The one origin a bank's mail links (and other addresses it hands out) name, from configuration
 * alone: of the bank's origins (bankPublicOrigins) the one on the host the request came in on when
 * that is one of the bank's own hosts (normalised: case, a trailing dot and any port dropped), else
 * outside production the development host, else the bank's first host. Nothing of the request but
 * the choice among the bank's own hosts reaches the link: not its port (`Host:
 * bank0182.localhost:99999` mails port 3000), not its scheme, not a host the bank does not have.
 * `request.host` honours X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY).
 */
export function bankPublicOrigin(tenant: Tenant, config: PublicOriginConfig, requestHost?: string): string {
  const hostname = requestHost === undefined ? undefined : normalizeHost(requestHost);
  if (hostname !== undefined && tenant.config.hosts.includes(hostname)) return `https://${hostname}`;
  if (config.env !== 'production') return developmentOrigin(tenant, config);
  const [first] = tenant.config.hosts;
  return first === undefined ? developmentOrigin(tenant, config) : `https://${first}`;
}
