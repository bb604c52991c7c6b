import { defineClientDomain } from '#client/lib/client-domain.ts';
import { companyDeskRoutes } from './admin/pages.tsx';
import { companyProfileRoutes } from './company/pages.tsx';

/** The bank's company desk, and the company's own profile. */
export const companiesDomain = defineClientDomain({
  name: 'companies',
  routes: [...companyDeskRoutes, ...companyProfileRoutes],
});
