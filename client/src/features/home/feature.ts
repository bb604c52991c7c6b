import { defineClientDomain } from '#client/lib/client-domain.ts';
import { homeRoutes } from './pages.tsx';

/** The top page. */
export const homeDomain = defineClientDomain({
  name: 'home',
  routes: homeRoutes,
});
