import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import {
  cardBrandOf,
  getPaymentCard,
  PAYMENT_CARD_MESSAGES,
  registerPaymentCard,
} from '#server/contracts/payment-card.ts';
import { badRequest, forbidden, serviceUnavailable, unprocessable } from '#server/errors.ts';
import { type PaymentGateway, PaymentGatewayUnavailableError } from '#server/payment/gateway.ts';
import { serveCall } from '../kit/serve-call.ts';
import { readCompanyCard, saveCompanyCard } from './queries.ts';

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
      const acceptedBrands: readonly string[] = request.tenant.config.card_brands;
      const brandRefused = () =>
        badRequest(undefined, { card_number: [PAYMENT_CARD_MESSAGES.brandNotAccepted] });
      // The bank's brands are checked before the number leaves the portal.
      if (!acceptedBrands.includes(cardBrandOf(body.card_number) ?? '')) throw brandRefused();

      let outcome;
      try {
        outcome = await options.gateway.tokenize({
          number: body.card_number,
          expiryMonth: Number(body.expiry_month),
          expiryYear: Number(body.expiry_year),
          cvc: body.security_code,
          holder: body.holder_name.trim().toUpperCase(),
        });
      } catch (error) {
        if (!(error instanceof PaymentGatewayUnavailableError)) throw error;
        request.log.warn({ err: error }, 'payment gateway unavailable');
        throw serviceUnavailable(PAYMENT_CARD_MESSAGES.gatewayUnavailable);
      }
      if (outcome.kind === 'refused') {
        throw unprocessable(outcome.message, { [outcome.field]: [outcome.message] });
      }
      if (!acceptedBrands.includes(outcome.brand)) throw brandRefused();

      const card = await saveCompanyCard(
        tx,
        companyId,
        {
          token: outcome.token,
          brand: outcome.brand,
          last4: outcome.last4,
          expiryMonth: Number(body.expiry_month),
          expiryYear: Number(body.expiry_year),
          holder: body.holder_name.trim().toUpperCase(),
        },
        viewer.userId,
      );
      registeredCompany.set(request, companyId);
      return { card };
    },
    { message: PAYMENT_CARD_MESSAGES.registered, audit: { action: 'CREATE', target: () => null } },
  );
}
