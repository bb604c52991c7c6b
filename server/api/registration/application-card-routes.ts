import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { maskedCardNumber } from '#server/contracts/payment-card.ts';
import { REGISTRATION_CALL_MESSAGES, registerApplicationCardCall } from '#server/contracts/registration.ts';
import { type RegistrationVariant, stepFields } from '#server/contracts/registration-variants.ts';
import { notFound } from '#server/errors.ts';
import type { PaymentGateway } from '#server/payment/gateway.ts';
import { type TokenizedCard, tokenizeCard } from '#server/payment/tokenize-card.ts';
import { serveCall } from '../kit/serve-call.ts';
import { openDraft } from './open-draft.ts';
import { saveDraftValues } from './queries.ts';

/**
 * Where a draft keeps the card besides the form's two fields (card_token, card_masked_number): what
 * approval needs to make it the company's card. Set only by the card call, never by a step's save.
 */
const CARD_DETAILS_KEY = 'card_details';
/** The fields only the card call writes: a step's save drops them from what the browser sent. */
const CARD_FIELDS = ['card_token', 'card_masked_number', CARD_DETAILS_KEY] as const;

/** Whether the variant pays by card (its services step asks for one). */
export const asksForCard = (variant: RegistrationVariant) =>
  stepFields(variant, 'services').some(({ key }) => key === 'card_token');

/** A step's values without the card's fields: the browser never sets a token. */
export function withoutCardFields(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => !(CARD_FIELDS as readonly string[]).includes(key)),
  );
}

/** The card a sent application carries to approval (kept in its values beside the form's fields). */
export function cardOfValues(values: Record<string, unknown>): TokenizedCard | undefined {
  const details = values[CARD_DETAILS_KEY];
  const token = values.card_token;
  if (typeof token !== 'string' || typeof details !== 'object' || details === null) return undefined;
  return { ...(details as Omit<TokenizedCard, 'token'>), token };
}

/**
 * What a browser is shown of the values (the applicant's draft, the desk): the masked number says
 * which card; the gateway's token and the card's details stay on the server.
 */
export function shownValues(values: Record<string, unknown>): Record<string, unknown> {
  const { card_token: _token, [CARD_DETAILS_KEY]: _details, ...shown } = values;
  return shown;
}

/** The card details a sent application keeps from its draft. */
export function cardDetailsOf(draftValues: Record<string, unknown>): Record<string, unknown> {
  const details = draftValues[CARD_DETAILS_KEY];
  return details === undefined ? {} : { [CARD_DETAILS_KEY]: details };
}

/**
 * POST /api/v1/register/drafts/card: tokenises an applicant's card and keeps it in the draft, under
 * the registration rate limit. A variant that does not pay by card has no card to register (404).
 */
export function applicationCardRoutes(
  app: FastifyInstance,
  options: { gateway: PaymentGateway; limited: onRequestHookHandler },
) {
  serveCall(
    app,
    registerApplicationCardCall,
    async ({ tx, body, request }) => {
      const draft = await openDraft(request, tx, body.draft_id);
      if (!asksForCard(draft.variant)) throw notFound(REGISTRATION_CALL_MESSAGES.draftGone);
      const { draft_id: draftId, ...fields } = body;
      const card = await tokenizeCard(
        options.gateway,
        request.tenant.config.card_brands,
        fields,
        request.log,
      );
      const masked = maskedCardNumber(card.last4);
      const { token, ...details } = card;
      await saveDraftValues(tx, draftId, {
        card_token: token,
        card_masked_number: masked,
        [CARD_DETAILS_KEY]: details,
      });
      return { card_masked_number: masked, brand: card.brand };
    },
    { onRequest: options.limited, audit: { action: 'DRAFT' } },
  );
}
