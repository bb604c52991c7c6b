import { z } from 'zod';
import { CARD_BRANDS } from '../contracts/payment-card.ts';
import {
  type CardDetails,
  type PaymentGateway,
  PaymentGatewayUnavailableError,
  type TokenizeOutcome,
} from './gateway.ts';

/**
 * The PaymentGateway over HTTP: POST {baseUrl}/v1/tokens with the card as JSON. The local test
 * gateway (server/payment-gateway/) speaks this protocol; so may a bank's own gateway adapter.
 *
 *   201 { token, brand, last4 }                    the card is tokenised
 *   402 / 422 { error: { code, field, message } }  the card is refused (message for the user)
 *
 * Anything else — no answer within the timeout, another status, a body of another shape — is
 * PaymentGatewayUnavailableError: the portal says so and stores nothing.
 */

export const TOKENS_PATH = '/v1/tokens';
/** A tokenisation is one short call; a gateway slower than this is treated as down. */
export const PAYMENT_GATEWAY_TIMEOUT_MS = 10_000;

const CARD_FIELDS = ['card_number', 'expiry_month', 'expiry_year', 'security_code', 'holder_name'] as const;

export const tokenizedAnswerSchema = z.object({
  token: z.string().min(1).max(255),
  brand: z.enum(CARD_BRANDS),
  last4: z.string().regex(/^[0-9]{4}$/),
});
export const refusedAnswerSchema = z.object({
  error: z.object({ code: z.string(), field: z.enum(CARD_FIELDS), message: z.string().min(1) }),
});

/** The request body: the form's field names, so the log redaction list covers both. */
export function tokenRequestBody(card: CardDetails) {
  return {
    card_number: card.number,
    expiry_month: card.expiryMonth,
    expiry_year: card.expiryYear,
    security_code: card.cvc,
    holder_name: card.holder,
  };
}

export function createHttpPaymentGateway(
  baseUrl: string,
  { timeoutMs = PAYMENT_GATEWAY_TIMEOUT_MS }: { timeoutMs?: number } = {},
): PaymentGateway {
  const url = new URL(TOKENS_PATH, baseUrl);
  return {
    async tokenize(card): Promise<TokenizeOutcome> {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(tokenRequestBody(card)),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new PaymentGatewayUnavailableError(`payment gateway ${url.origin} did not answer`, {
          cause: error,
        });
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status === 201) {
        const answer = tokenizedAnswerSchema.safeParse(body);
        if (answer.success) return { kind: 'tokenized', ...answer.data };
      } else if (response.status === 402 || response.status === 422) {
        const answer = refusedAnswerSchema.safeParse(body);
        if (answer.success)
          return { kind: 'refused', field: answer.data.error.field, message: answer.data.error.message };
      }
      throw new PaymentGatewayUnavailableError(
        `payment gateway ${url.origin} answered ${response.status} with an unexpected body`,
      );
    },
  };
}

/** The gateway of a deployment that names none: every registration answers that cards cannot be taken now. */
export const unconfiguredPaymentGateway: PaymentGateway = {
  tokenize() {
    return Promise.reject(new PaymentGatewayUnavailableError('PAYMENT_GATEWAY_URL is not set'));
  },
};
