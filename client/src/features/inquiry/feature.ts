import { defineClientDomain } from '#client/lib/client-domain.ts';
import { inquiryRoutes } from './pages.tsx';

/** The public inquiry form. */
export const inquiryDomain = defineClientDomain({
  name: 'inquiry',
  routes: inquiryRoutes,
});
