import { defineServerDomain } from '../kit/server-domain.ts';
import { websiteCompanyFigures } from './website-figures.ts';
import { websiteRoutes } from './website-routes.ts';
import { seedWebsites } from './website-seed.ts';

/**
 * A company's public homepage on the portal (issue 16 item 6): written at /mypage/setting/website,
 * served on the bank's host at a public URL while published, and counted in the bank's company list.
 */
export const websitesDomain = defineServerDomain({
  name: 'websites',
  routes: websiteRoutes,
  companyFigures: websiteCompanyFigures,
  seed: seedWebsites,
});
