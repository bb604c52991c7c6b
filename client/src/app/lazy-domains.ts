import type { ClientDomain, LazyClientDomain } from '../lib/client-domain.ts';
import { CLIENT_DOMAINS } from './features.ts';
import { LAZY_ADMIN_DOMAINS } from './lazy-admin-domains.ts';
import { LAZY_COMPANY_DOMAINS } from './lazy-company-domains.ts';
import { LAZY_PUBLIC_DOMAINS } from './lazy-public-domains.ts';

/*
 * The lazy domains (decisions 0094 and 0109): their route tables, and the page lists that say which
 * paths are theirs, load with route discovery (route-discovery.ts) on the first navigation that
 * needs them — never on the way to a dashboard. They are listed by area, one table per area
 * (lazy-admin-domains.ts, lazy-company-domains.ts, lazy-public-domains.ts), and route discovery
 * loads only the table of the path's area: a new staff domain (`npm run domain:new` writes one into
 * the admin table) costs the public pages' first visit nothing, and the dashboards' nothing either.
 * The app itself never imports this module: tests do, to see every domain.
 */

/**
 * Every lazy domain once, from the three areas' tables (a domain with pages in several areas is in
 * each of their tables). A domain's dashboard widgets stay in CLIENT_DOMAINS, declared apart from its
 * pages (news: widgets.ts and feature.ts).
 */
export const LAZY_CLIENT_DOMAINS: readonly LazyClientDomain[] = [
  ...new Map(
    [...LAZY_PUBLIC_DOMAINS, ...LAZY_COMPANY_DOMAINS, ...LAZY_ADMIN_DOMAINS].map((domain) => [
      domain.name,
      domain,
    ]),
  ).values(),
];

/** Every domain, the lazy ones loaded: the whole app, as tests compare it with the page table. */
export async function allClientDomains(): Promise<ClientDomain[]> {
  return [...CLIENT_DOMAINS, ...(await Promise.all(LAZY_CLIENT_DOMAINS.map((domain) => domain.load())))];
}
