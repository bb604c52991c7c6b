import type { LazyClientDomain } from '../lib/client-domain.ts';
import { pathsOf } from '#server/contracts/pages/page-list.ts';
import { companiesPages } from '#server/contracts/pages/companies.ts';
import { newsPages } from '#server/contracts/pages/news.ts';
import { paymentPages } from '#server/contracts/pages/payment.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import { couponsPages } from '#server/contracts/pages/coupons.ts';
import { matchingPages } from '#server/contracts/pages/matching.ts';
import { matchingAdminPages } from '#server/contracts/pages/matching-admin.ts';
import { matchingNetworkPages } from '#server/contracts/pages/matching-network.ts';
import { websitesPages } from '#server/contracts/pages/websites.ts';

/**
 * The lazy domains with pages in the company's area (/mypage, /chat). Route discovery (route-discovery.ts) takes
 * this table on the first navigation there that no loaded route answers: a domain listed here costs
 * only the first visits of this area's lazy pages its entry (decision 0109). A domain with pages in
 * several areas is in each of their tables; its route table loads once.
 */
export const LAZY_COMPANY_DOMAINS: readonly LazyClientDomain[] = [
  {
    name: 'news',
    paths: pathsOf(newsPages),
    load: async () => (await import('../features/news/feature.ts')).newsDomain,
  },
  {
    name: 'payment',
    paths: pathsOf(paymentPages),
    load: async () => (await import('../features/payment/feature.ts')).paymentDomain,
  },
  {
    name: 'companies',
    paths: pathsOf(companiesPages),
    load: async () => (await import('../features/companies/feature.ts')).companiesDomain,
  },
  {
    name: 'settings',
    paths: pathsOf(settingsPages),
    load: async () => (await import('../features/settings/feature.ts')).settingsDomain,
  },
  {
    name: 'websites',
    paths: pathsOf(websitesPages),
    load: async () => (await import('../features/websites/feature.ts')).websitesDomain,
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
];
