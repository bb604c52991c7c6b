import { defineClientDomain } from '#client/lib/client-domain.ts';
import { adminNewsRoutes } from './admin/pages.tsx';
import { companyNewsRoutes, publicNewsRoutes } from './company/pages.tsx';

/**
 * News, columns, seminars, partner information and partner banks: the pages, loaded on the first
 * navigation to one (its dashboard blocks are ./widgets.ts, with the first scripts).
 */
export const newsDomain = defineClientDomain({
  name: 'news',
  routes: [...publicNewsRoutes, ...companyNewsRoutes, ...adminNewsRoutes],
});
