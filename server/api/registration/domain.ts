import { seedRegistrationDomain } from '#server/db/seeds/registration.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import { registrationDeskRoutes } from './desk-routes.ts';
import { identificationReadRoutes } from './identification-routes.ts';
import { registrationRoutes } from './routes.ts';
import { registrationUpgradeRoutes } from './upgrade-routes.ts';

/**
 * A company's online application to the bank (/register: drafts, sending, the receipt mail) and the
 * bank's decision on it (approval creates the company and its owner; rejection is told by mail).
 */
export const registrationDomain = defineServerDomain({
  name: 'registration',
  routes: async (app, { config, rateLimitStore, storage, paymentGateway }) => {
    await app.register(registrationRoutes, {
      rateLimit: config.registrationRateLimit,
      rateLimitStore,
      storage,
      gateway: paymentGateway,
    });
    await app.register(registrationDeskRoutes);
    await app.register(registrationUpgradeRoutes);
    await app.register(identificationReadRoutes, { storage });
  },
  seed: seedRegistrationDomain,
});
