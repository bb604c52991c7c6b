import type { LazyClientDomain } from '../lib/client-domain.ts';
import { inquiryPages } from '#server/contracts/pages/inquiry.ts';
import { newsPages } from '#server/contracts/pages/news.ts';
import { registrationPages } from '#server/contracts/pages/registration.ts';
import { reminderPages } from '#server/contracts/pages/reminder.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import { matchingPages } from '#server/contracts/pages/matching.ts';
import { matchingAdminPages } from '#server/contracts/pages/matching-admin.ts';
import { matchingNetworkPages } from '#server/contracts/pages/matching-network.ts';
import { websitesPages } from '#server/contracts/pages/websites.ts';
import { staticPages } from '#server/contracts/pages/static-pages.ts';

/**
 * The lazy domains with pages in the paths outside the two areas (the public pages, registration, /hp…). Route discovery (route-discovery.ts) takes
 * this table on the first navigation there that no loaded route answers: a domain listed here costs
 * only the first visits of this area's lazy pages its entry (decision 0109). A domain with pages in
 * several areas is in each of their tables; its route table loads once.
 */
export const LAZY_PUBLIC_DOMAINS: readonly LazyClientDomain[] = [
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
    name: 'matching',
    pages: [...matchingPages, ...matchingAdminPages, ...matchingNetworkPages],
    load: async () => (await import('../features/matching/feature.ts')).matchingDomain,
  },
];
