import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import {
  getPaymentCard,
  PAYMENT_CARD_MESSAGES,
  registerPaymentCard,
} from '#server/contracts/payment-card.ts';
import { forbidden } from '#server/errors.ts';
import type { PaymentGateway } from '#server/payment/gateway.ts';
import { tokenizeCard } from '#server/payment/tokenize-card.ts';
import { serveCall } from '../kit/serve-call.ts';
import { readCompanyCard, saveCompanyCard } from '../accounts/company-card-queries.ts';

/** Who may register the company's card: the spec's お支払い設定の編集 permission (owners by default). */
const CARD_WRITE_PERMISSION = 'company_setting_payment_write';

/**
 * /api/v1/payment/card: the company's card (read by any of its users; registered by those who may
 * edit its payment settings). The number and security code go to the payment gateway and nowhere
 * else; a refusal stores nothing.
 */
export async function paymentRoutes(app: FastifyInstance, options: { gateway: PaymentGateway }) {
  // The company's users read "has a card" from the per-process user cache (logged-in-user-loader.ts). It is
  // forgotten once the registration has committed (onSend runs after the handler's transaction),
  // so the answer's next request — the complete page's reload — sees the card.
  const registeredCompany = new WeakMap<FastifyRequest, number>();
  app.addHook('onSend', async (request) => {
    const companyId = registeredCompany.get(request);
    if (companyId !== undefined) app.loggedInUsers.forgetCompany(request.tenant.code, companyId);
  });

  serveCall(app, getPaymentCard, async ({ tx, viewer }) => ({
    card: viewer.companyId === null ? null : await readCompanyCard(tx, viewer.companyId),
  }));

  serveCall(
    app,
    registerPaymentCard,
    async ({ tx, body, viewer, request }) => {
      const { user, companyId } = viewer;
      if (
        companyId === null ||
        !hasAllPermissions(
          { isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions },
          [CARD_WRITE_PERMISSION],
        )
      ) {
        throw forbidden(PAYMENT_CARD_MESSAGES.notPermitted);
      }
      const tokenized = await tokenizeCard(
        options.gateway,
        request.tenant.config.card_brands,
        body,
        request.log,
      );
      const card = await saveCompanyCard(tx, companyId, tokenized, viewer.userId);
      registeredCompany.set(request, companyId);
      return { card };
    },
    { message: PAYMENT_CARD_MESSAGES.registered, audit: { action: 'CREATE', target: () => null } },
  );
}
