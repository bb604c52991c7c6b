import { homePages } from '#server/contracts/pages/home.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

/**
 * The top page. It declares no page title: its document title is the service name and the bank
 * name alone (spec section 1), and the hero carries the page's heading.
 */
export const homeRoutes = [
  pageRoute(homePages.home, {
    lazy: async () => ({ Component: (await import('./home-page.tsx')).HomePage }),
  }),
];
