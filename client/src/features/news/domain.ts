import { defineClientDomain } from '../../lib/client-domain.ts';
import { adminNewsRoutes } from './admin/routes.tsx';
import { companyNewsRoutes, publicNewsRoutes } from './company/routes.tsx';

/** News, columns, seminars, partner information and partner banks. */
export const newsDomain = defineClientDomain({
  name: 'news',
  pages: { plain: publicNewsRoutes, default: companyNewsRoutes, admin: adminNewsRoutes },
});
