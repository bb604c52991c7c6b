import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '#server/config.ts';
import type { DomainSeed } from '#server/db/seeds/seed-context.ts';
import type { RateLimitStore } from '#server/plugins/rate-limit.ts';
import type { PaymentGateway } from '#server/payment/gateway.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import type { BadgeCounterDefinition } from '../badges/badge-registry.ts';
import type { CompanyFigures } from './company-figures.ts';
import type { DomainJob } from './domain-jobs.ts';

/**
 * What the gateway gives every domain's routes: its config and the shared services. A domain takes
 * what it needs; none builds its own.
 */
export interface DomainServices {
  config: ServerConfig;
  storage: FileStorage;
  rateLimitStore: RateLimitStore;
  /** Where cards are tokenised (server/payment/). */
  paymentGateway: PaymentGateway;
  /** The company list's figures other domains own (needs, coupons, website), as they registered them. */
  companyFigures: CompanyFigures;
}

/**
 * A domain's server half (its entry in server/domains.ts): the calls it serves, the badge counts it
 * owns, and its demo data. Its pages and menu entries are in its contract (server/contracts/pages/),
 * its client half in client/src/app/features.ts, under the same name.
 */
export interface ServerDomain {
  name: string;
  /** Registers the domain's routes in the API scope (no prefix: call paths are absolute). */
  routes?: (app: FastifyInstance, services: DomainServices) => Promise<void>;
  badges?: readonly BadgeCounterDefinition[];
  /** Its demo data for one bank (idempotent), after the accounts and the domains listed before it. */
  seed?: DomainSeed;
  /** The company list's figures it owns (server/api/companies/company-figures.ts). */
  companyFigures?: Partial<CompanyFigures>;
  /** Work it runs on a schedule in every bank (server/api/kit/domain-jobs.ts). */
  jobs?: readonly DomainJob[];
}

export function defineServerDomain(domain: ServerDomain): ServerDomain {
  return domain;
}
