import { lazy } from 'react';
import { defineClientDomain } from '#client/lib/client-domain.ts';
import { adminNewsRoutes } from './admin/pages.tsx';
import { companyNewsRoutes, publicNewsRoutes } from './company/pages.tsx';

/** News, columns, seminars, partner information and partner banks. */
export const newsDomain = defineClientDomain({
  name: 'news',
  pages: { plain: publicNewsRoutes, default: companyNewsRoutes, admin: adminNewsRoutes },
  widgets: {
    company: [
      lazy(async () => ({
        default: (await import('./dashboard/company-article-blocks.tsx')).CompanyArticleBlocks,
      })),
    ],
    admin: [
      lazy(async () => ({ default: (await import('./dashboard/admin-article-blocks.tsx')).EndingSoonBlock })),
      lazy(async () => ({
        default: (await import('./dashboard/admin-article-blocks.tsx')).UpcomingSeminarsBlock,
      })),
      lazy(async () => ({
        default: (await import('./dashboard/admin-article-blocks.tsx')).RecentlyUpdatedBlock,
      })),
    ],
  },
});
