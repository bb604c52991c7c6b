import { seedNews } from '#server/db/seeds/news.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import { unreadNewsBadge } from './badges.ts';
import { partnerInformationPublicationJob } from './partner-information-setting-job.ts';
import { newsDomainRoutes } from './routes.ts';

/** News, columns, seminars, partner information and partner banks. */
export const newsDomain = defineServerDomain({
  name: 'news',
  routes: async (app, { storage }) => {
    await app.register(newsDomainRoutes, { storage });
  },
  seed: seedNews,
  badges: [unreadNewsBadge],
  jobs: [partnerInformationPublicationJob],
});
