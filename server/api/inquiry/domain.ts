import { seedInquiryDomain } from '#server/db/seeds/inquiry.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import { closedInquiryBadge } from './badges.ts';
import { inquiryRoutes } from './routes.ts';

/** The public inquiry form and the staff's inquiry count. */
export const inquiryDomain = defineServerDomain({
  name: 'inquiry',
  routes: async (app, { config, rateLimitStore }) => {
    await app.register(inquiryRoutes, {
      prefix: '/api/v1/inquiry',
      rateLimit: config.inquiryRateLimit,
      rateLimitStore,
    });
  },
  seed: seedInquiryDomain,
  badges: [closedInquiryBadge],
});
