import { defineServerDomain } from '../kit/server-domain.ts';
import { reminderRoutes } from './routes.ts';

/** The password reminder: a link by mail, a new password, the user's sessions ended. */
export const reminderDomain = defineServerDomain({
  name: 'reminder',
  routes: async (app, { config, rateLimitStore }) => {
    await app.register(reminderRoutes, { rateLimit: config.reminderRateLimit, rateLimitStore });
  },
});
