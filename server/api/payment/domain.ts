import { seedPaymentCards } from '#server/db/seeds/payment-cards.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import { paymentRoutes } from './routes.ts';

/** The company's payment card, tokenised by the payment gateway. */
export const paymentDomain = defineServerDomain({
  name: 'payment',
  routes: async (app, { paymentGateway }) => {
    await app.register(paymentRoutes, { gateway: paymentGateway });
  },
  seed: seedPaymentCards,
});
