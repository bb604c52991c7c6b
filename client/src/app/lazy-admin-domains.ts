import type { LazyClientDomain } from '../lib/client-domain.ts';
import { pathsOf } from '#server/contracts/pages/page-list.ts';
import { companiesPages } from '#server/contracts/pages/companies.ts';
import { adminArticlePages } from '#server/contracts/pages/news.ts';
import { registrationDeskPages } from '#server/contracts/pages/registration.ts';
import { couponsPages } from '#server/contracts/pages/coupons.ts';
import { matchingPages } from '#server/contracts/pages/matching.ts';
import { matchingAdminPages } from '#server/contracts/pages/matching-admin.ts';
import { matchingNetworkPages } from '#server/contracts/pages/matching-network.ts';
import { userPages } from '#server/contracts/pages/user.ts';

/**
 * The lazy domains with pages in the staff's area (/admin). Route discovery (route-discovery.ts) takes
 * this table on the first navigation there that no loaded route answers: a domain listed here costs
 * only the first visits of this area's lazy pages its entry (decision 0109). A domain with pages in
 * several areas is in each of their tables; its route table loads once.
 */
export const LAZY_ADMIN_DOMAINS: readonly LazyClientDomain[] = [
  {
    name: 'news',
    paths: pathsOf(...Object.values(adminArticlePages)),
    load: async () => (await import('../features/news/feature.ts')).newsDomain,
  },
  {
    name: 'user',
    paths: pathsOf(userPages),
    load: async () => (await import('../features/user/feature.ts')).userDomain,
  },
  {
    name: 'registration',
    paths: pathsOf(registrationDeskPages),
    load: async () => (await import('../features/registration/feature.ts')).registrationDomain,
  },
  {
    name: 'companies',
    paths: pathsOf(companiesPages),
    load: async () => (await import('../features/companies/feature.ts')).companiesDomain,
  },
  {
    name: 'coupons',
    paths: pathsOf(couponsPages),
    load: async () => (await import('../features/coupons/feature.ts')).couponsDomain,
  },
  {
    name: 'matching',
    paths: pathsOf(matchingPages, matchingAdminPages, matchingNetworkPages),
    load: async () => (await import('../features/matching/feature.ts')).matchingDomain,
  },
  // domain:new adds lazy client domains above this line
];
