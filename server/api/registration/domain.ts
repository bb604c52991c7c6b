import { seedRegistrationDomain } from '#server/db/seeds/registration.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import { registrationDeskRoutes } from './desk-routes.ts';
import { identificationReadRoutes } from './identification-routes.ts';
import { employeeInvitationRoutes } from './invitation-routes.ts';
import { registrationRoutes } from './routes.ts';
import { registrationUpgradeRoutes } from './upgrade-routes.ts';

/**
 * A company's online application to the bank (/register: drafts, sending, the receipt mail) and the
 * bank's decision on it (approval creates the company and its owner; rejection is told by mail),
 * and the owner's invitation of employees, who register through the mailed link.
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
    await app.register(employeeInvitationRoutes, {
      rateLimit: config.registrationRateLimit,
      companyRateLimit: config.employeeInvitationRateLimit,
      rateLimitStore,
    });
  },
  seed: seedRegistrationDomain,
});
