import type { FastifyBaseLogger } from 'fastify';
import {
  type CardBrand,
  cardBrandOf,
  type PaymentCardFields,
  PAYMENT_CARD_MESSAGES,
} from '#server/contracts/payment-card.ts';
import { badRequest, serviceUnavailable, unprocessable } from '#server/errors.ts';
import { type PaymentGateway, PaymentGatewayUnavailableError } from './gateway.ts';

/** What the portal keeps of a card once the gateway has it: never the number or the security code. */
export interface TokenizedCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holder: string;
}

/**
 * Hands the card form's fields to the gateway once and answers what the portal may keep. The bank's
 * brands are checked before the number leaves the portal and again on the gateway's answer; a
 * refusal is the form's field error, an unreachable gateway a 503 with its Japanese message. Used by
 * a company's card page and by an application that pays by card.
 */
export async function tokenizeCard(
  gateway: PaymentGateway,
  acceptedBrands: readonly string[],
  card: PaymentCardFields,
  log: FastifyBaseLogger,
): Promise<TokenizedCard> {
  const brandRefused = () => badRequest(undefined, { card_number: [PAYMENT_CARD_MESSAGES.brandNotAccepted] });
  if (!acceptedBrands.includes(cardBrandOf(card.card_number) ?? '')) throw brandRefused();
  const holder = card.holder_name.trim().toUpperCase();
  const expiryMonth = Number(card.expiry_month);
  const expiryYear = Number(card.expiry_year);
  let outcome;
  try {
    outcome = await gateway.tokenize({
      number: card.card_number,
      expiryMonth,
      expiryYear,
      cvc: card.security_code,
      holder,
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayUnavailableError)) throw error;
    log.warn({ err: error }, 'payment gateway unavailable');
    throw serviceUnavailable(PAYMENT_CARD_MESSAGES.gatewayUnavailable);
  }
  if (outcome.kind === 'refused')
    throw unprocessable(outcome.message, { [outcome.field]: [outcome.message] });
  if (!acceptedBrands.includes(outcome.brand)) throw brandRefused();
  return {
    token: outcome.token,
    brand: outcome.brand,
    last4: outcome.last4,
    expiryMonth,
    expiryYear,
    holder,
  };
}
