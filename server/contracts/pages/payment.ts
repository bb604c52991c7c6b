import { CARD_COMPLETED_PATH, CARD_CREATE_PATH } from '../payment-card-paths.ts';
import { type PageList, pagesIn } from './page-list.ts';

/** The company's payment card (client/src/features/payment). */
export const paymentPages: PageList = pagesIn('default', [CARD_CREATE_PATH, CARD_COMPLETED_PATH]);
