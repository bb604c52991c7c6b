import { defineClientDomain } from '#client/lib/client-domain.ts';
import { matchingAdminRoutes } from './admin-pages.tsx';
import { matchingAgreementRoutes } from './agreement-pages.tsx';
import { matchingDeskRoutes } from './desk-pages.tsx';
import { matchingNetworkRoutes } from './network-pages.tsx';
import { matchingRoutes } from './pages.tsx';

/**
 * Business matching: the company's needs, the search, the deals and the network's pages; the
 * public agreement page; the staff's needs, deals, analysis and desk.
 */
export const matchingDomain = defineClientDomain({
  name: 'matching',
  routes: [
    ...matchingRoutes,
    ...matchingNetworkRoutes,
    ...matchingAgreementRoutes,
    ...matchingAdminRoutes,
    ...matchingDeskRoutes,
  ],
});
