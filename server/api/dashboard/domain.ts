import { seedFeatureRequests } from '#server/db/seeds/feature-requests.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import { dashboardRoutes } from './routes.ts';

/** The dashboards' own calls: the staff's feature requests. */
export const dashboardDomain = defineServerDomain({
  name: 'dashboard',
  routes: dashboardRoutes,
  seed: seedFeatureRequests,
});
