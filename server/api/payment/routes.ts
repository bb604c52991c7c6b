import type { FastifyInstance } from 'fastify';
import {
  getPaymentCard,
  PAYMENT_CARD_MESSAGES,
  registerPaymentCard,
} from '#server/contracts/payment-card.ts';
import { companyMemberOf } from '#server/plugins/request-context.ts';
import type { PaymentGateway } from '#server/payment/gateway.ts';
import { tokenizeCard } from '#server/payment/tokenize-card.ts';
import { serveCall } from '../kit/serve-call.ts';
import { readCompanyCard, saveCompanyCard } from '../accounts/company-card-queries.ts';

/**
 * /api/v1/payment/card: the company's card (read by any of its users; registered by those who may
 * edit its payment settings, as the call declares). The number and security code go to the payment
 * gateway and nowhere else; a refusal stores nothing.
 */
export async function paymentRoutes(app: FastifyInstance, options: { gateway: PaymentGateway }) {
  serveCall(app, getPaymentCard, async ({ tx, viewer }) => {
    const member = companyMemberOf(viewer);
    return { card: member ? await readCompanyCard(tx, member.companyId) : null };
  });

  serveCall(
    app,
    registerPaymentCard,
    async ({ tx, body, viewer, request, afterCommit }) => {
      const { companyId } = viewer;
      const tokenized = await tokenizeCard(
        options.gateway,
        request.tenant.config.card_brands,
        body,
        request.log,
      );
      const card = await saveCompanyCard(tx, companyId, tokenized, viewer.userId);
      // The company's users read "has a card" from the per-process user cache
      // (logged-in-user-loader.ts): forgotten once the registration has committed, so the answer's
      // next request (the complete page's reload) sees the card.
      afterCommit(async () => app.loggedInUsers.forgetCompany(request.tenant.code, companyId));
      return { card };
    },
    { message: PAYMENT_CARD_MESSAGES.registered, audit: { action: 'CREATE', target: () => null } },
  );
}
