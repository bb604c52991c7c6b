import type { PageList } from '#server/contracts/pages/page-list.ts';
import { companiesPages } from '#server/contracts/pages/companies.ts';
import { inquiryPages } from '#server/contracts/pages/inquiry.ts';
import { newsPages } from '#server/contracts/pages/news.ts';
import { paymentPages } from '#server/contracts/pages/payment.ts';
import { registrationPages } from '#server/contracts/pages/registration.ts';
import { reminderPages } from '#server/contracts/pages/reminder.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import { couponsPages } from '#server/contracts/pages/coupons.ts';
import { matchingPages } from '#server/contracts/pages/matching.ts';
import { matchingAdminPages } from '#server/contracts/pages/matching-admin.ts';
import { matchingNetworkPages } from '#server/contracts/pages/matching-network.ts';
import { websitesPages } from '#server/contracts/pages/websites.ts';
import { staticPages } from '#server/contracts/pages/static-pages.ts';
import { userPages } from '#server/contracts/pages/user.ts';
import type { ClientDomain } from '../lib/client-domain.ts';
import { CLIENT_DOMAINS } from './features.ts';

/*
 * The lazy domains (decision 0094): their route tables, and the page lists that say which paths
 * are theirs, load with route discovery (route-discovery.ts) on the first navigation that needs
 * them — never on the way to a dashboard, so a new domain costs the dashboards' first scripts
 * nothing.
 */

/**
 * A domain whose route table loads on the first navigation to one of its pages (the router's route
 * discovery, router.tsx), so the first scripts of every other page carry none of it: its page list
 * (from the page table, already loaded) says which paths are its own.
 */
export interface LazyClientDomain {
  name: string;
  pages: PageList;
  load: () => Promise<ClientDomain>;
}

/**
 * The domains whose pages are not on the way to a dashboard (and have no dashboard blocks): the
 * dashboards' first scripts carry none of their route tables. A domain's dashboard widgets stay in
 * CLIENT_DOMAINS, declared apart from its pages (news: widgets.ts and feature.ts).
 */
export const LAZY_CLIENT_DOMAINS: readonly LazyClientDomain[] = [
  {
    name: 'news',
    pages: newsPages,
    load: async () => (await import('../features/news/feature.ts')).newsDomain,
  },
  {
    name: 'static-pages',
    pages: staticPages,
    load: async () => (await import('../features/static-pages/feature.ts')).staticPagesDomain,
  },
  {
    name: 'inquiry',
    pages: inquiryPages,
    load: async () => (await import('../features/inquiry/feature.ts')).inquiryDomain,
  },
  {
    name: 'user',
    pages: userPages,
    load: async () => (await import('../features/user/feature.ts')).userDomain,
  },
  {
    name: 'payment',
    pages: paymentPages,
    load: async () => (await import('../features/payment/feature.ts')).paymentDomain,
  },
  {
    name: 'reminder',
    pages: reminderPages,
    load: async () => (await import('../features/reminder/feature.ts')).reminderDomain,
  },
  {
    name: 'registration',
    pages: registrationPages,
    load: async () => (await import('../features/registration/feature.ts')).registrationDomain,
  },
  {
    name: 'companies',
    pages: companiesPages,
    load: async () => (await import('../features/companies/feature.ts')).companiesDomain,
  },
  {
    name: 'settings',
    pages: settingsPages,
    load: async () => (await import('../features/settings/feature.ts')).settingsDomain,
  },
  {
    name: 'websites',
    pages: websitesPages,
    load: async () => (await import('../features/websites/feature.ts')).websitesDomain,
  },
  {
    name: 'coupons',
    pages: couponsPages,
    load: async () => (await import('../features/coupons/feature.ts')).couponsDomain,
  },
  {
    name: 'matching',
    pages: [...matchingPages, ...matchingAdminPages, ...matchingNetworkPages],
    load: async () => (await import('../features/matching/feature.ts')).matchingDomain,
  },
  // domain:new adds lazy client domains above this line
];

/** Every domain, the lazy ones loaded: the whole app, as tests compare it with the page table. */
export async function allClientDomains(): Promise<ClientDomain[]> {
  return [...CLIENT_DOMAINS, ...(await Promise.all(LAZY_CLIENT_DOMAINS.map((domain) => domain.load())))];
}
