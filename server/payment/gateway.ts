import type { CardBrand } from '../contracts/payment-card.ts';

/**
 * The payment gateway the bank buys (decision 0068): the one service that ever sees a card number.
 * The portal hands it the card once and keeps what it answers — a token to charge later, the brand
 * and the last four digits. Implementations: the HTTP client of server/payment/http-gateway.ts
 * (which `npm start` and the tests point at the local test gateway, server/payment-gateway/); a
 * real provider's client goes behind this same interface.
 */

/** What the card holder typed, as the form checked it. Lives only for the one tokenise call. */
export interface CardDetails {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  /** The security code (CVC/CVV). */
  cvc: string;
  holder: string;
}

/** The field a refusal is about, named as the card form names it. */
export type CardField = 'card_number' | 'expiry_month' | 'expiry_year' | 'security_code' | 'holder_name';

export type TokenizeOutcome =
  | { kind: 'tokenized'; token: string; brand: CardBrand; last4: string }
  /** The gateway refused the card; `message` is Japanese, for the user, under `field`. */
  | { kind: 'refused'; field: CardField; message: string };

export interface PaymentGateway {
  tokenize(card: CardDetails): Promise<TokenizeOutcome>;
}

/** The gateway could not be asked (unreachable, timed out, answered something unreadable). */
export class PaymentGatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentGatewayUnavailableError';
  }
}
