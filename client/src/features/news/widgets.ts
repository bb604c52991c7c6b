import { lazy } from 'react';
import { defineClientDomain } from '#client/lib/client-domain.ts';

/**
 * The news domain's dashboard blocks, apart from its pages: the dashboards load with the first
 * scripts, the news pages' route table on the first navigation to one (client/src/app/features.ts).
 */
export const newsWidgets = defineClientDomain({
  name: 'news',
  routes: [],
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
