import { CARD_COMPLETED_PATH, CARD_CREATE_PATH } from '../payment-card-paths.ts';
import { definePages } from './page-list.ts';

/** The company's payment card (client/src/features/payment). */
export const paymentPages = definePages('default', {
  card: CARD_CREATE_PATH,
  cardCompleted: CARD_COMPLETED_PATH,
});
