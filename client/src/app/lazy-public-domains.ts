import type { LazyClientDomain } from '../lib/client-domain.ts';

/**
 * The lazy domains with pages in the paths outside the two areas (the public pages, registration,
 * /hp…). Route discovery (route-discovery.ts) takes this table on the first navigation there that no
 * loaded route answers. Each domain names the path prefixes of its pages here rather than its page
 * list, so a public page's first visit loads no page list (decision 0113);
 * tests/component/app/route-discovery.test.ts checks that every public page falls under its own
 * domain's prefixes. (/register/portal/enable and …/enabled are the reminder's, under registration's
 * /register: both domains' tables load there.)
 */
export const LAZY_PUBLIC_DOMAINS: readonly LazyClientDomain[] = [
  {
    name: 'news',
    paths: ['/news/**'],
    load: async () => (await import('../features/news/feature.ts')).newsDomain,
  },
  {
    name: 'static-pages',
    paths: ['/page/**'],
    load: async () => (await import('../features/static-pages/feature.ts')).staticPagesDomain,
  },
  {
    name: 'inquiry',
    paths: ['/inquiry/**'],
    load: async () => (await import('../features/inquiry/feature.ts')).inquiryDomain,
  },
  {
    name: 'reminder',
    paths: ['/reminder/**', '/register/portal/enable', '/register/portal/enabled'],
    load: async () => (await import('../features/reminder/feature.ts')).reminderDomain,
  },
  {
    name: 'registration',
    paths: ['/register/**'],
    load: async () => (await import('../features/registration/feature.ts')).registrationDomain,
  },
  {
    name: 'settings',
    paths: ['/disconnect/**', '/email/**'],
    load: async () => (await import('../features/settings/feature.ts')).settingsDomain,
  },
  {
    name: 'websites',
    paths: ['/hp/**'],
    load: async () => (await import('../features/websites/feature.ts')).websitesDomain,
  },
  {
    name: 'matching',
    paths: ['/ncba/**'],
    load: async () => (await import('../features/matching/feature.ts')).matchingDomain,
  },
];
