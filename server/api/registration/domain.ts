import { defineServerDomain } from '../kit/server-domain.ts';
import { registrationRoutes } from './routes.ts';

/** A company's online application to the bank (/register): drafts, sending, the receipt mail. */
export const registrationDomain = defineServerDomain({
  name: 'registration',
  routes: async (app, { config, rateLimitStore }) => {
    await app.register(registrationRoutes, { rateLimit: config.registrationRateLimit, rateLimitStore });
  },
});
