import type { CardBrand } from '../contracts/payment-card.ts';

/**
 * The card numbers the local test gateway knows (README, "Payment cards"). Only these are
 * accepted; any other number is refused, so no real card can be registered against it. The
 * numbers are the card networks' published test numbers: they pass the Luhn check and belong to
 * no card holder.
 */
export const TEST_CARDS: readonly { number: string; brand: CardBrand; outcome: 'accepted' | 'declined' }[] = [
  { number: '4111111111111111', brand: 'VISA', outcome: 'accepted' },
  { number: '5555555555554444', brand: 'Mastercard', outcome: 'accepted' },
  { number: '3530111333300000', brand: 'JCB', outcome: 'accepted' },
  { number: '378282246310005', brand: 'American Express', outcome: 'accepted' },
  { number: '36227206271667', brand: 'Diners Club', outcome: 'accepted' },
  /** The issuer says no: このカードはご利用いただけません. */
  { number: '4000000000000002', brand: 'VISA', outcome: 'declined' },
];

export const TEST_GATEWAY_MESSAGES = {
  /** A number that passes the Luhn check but is not one of TEST_CARDS. */
  unknownNumber:
    'テスト用のカード番号ではありません。テスト環境ではテスト用のカード番号だけをご利用いただけます',
} as const;
