import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCardExpired, PAYMENT_CARD_MESSAGES, passesLuhn } from '../contracts/payment-card.ts';
import type { CardField } from '../payment/gateway.ts';
import { TOKENS_PATH } from '../payment/http-gateway.ts';
import { TEST_CARDS, TEST_GATEWAY_MESSAGES } from './test-cards.ts';

/**
 * The local test payment gateway: what `npm start` and the tests tokenise cards with, over real
 * HTTP, in place of the gateway a bank buys (decision 0068). It speaks the protocol of
 * server/payment/http-gateway.ts, accepts the test numbers of ./test-cards.ts, declines the
 * declined one and refuses every other number. It stores nothing: a token is random and names no
 * card here. Never log a request body of it (the logger's redaction list covers the fields anyway).
 */

const tokenRequestSchema = z.object({
  card_number: z.string().max(19),
  expiry_month: z.int().min(1).max(12),
  expiry_year: z.int().min(2000).max(2100),
  security_code: z.string().regex(/^[0-9]{3,4}$/),
  holder_name: z.string().min(1).max(45),
});

function refusal(code: string, field: CardField, message: string) {
  return { error: { code, field, message } };
}

export async function buildTestPaymentGateway(
  options: { logger?: FastifyBaseLogger; now?: () => Date } = {},
): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    // The shared logger's serializers log a request by method and path, never its body.
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'test payment gateway failed');
    // A malformed request is the caller's bug, not the user's: no field to put it under.
    return reply
      .status(status >= 500 ? 500 : 400)
      .send({ error: { code: 'invalid_request', message: 'invalid request' } });
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.post(TOKENS_PATH, { schema: { body: tokenRequestSchema } }, async (request, reply) => {
    const card = request.body;
    if (!passesLuhn(card.card_number)) {
      return reply
        .status(422)
        .send(refusal('invalid_number', 'card_number', PAYMENT_CARD_MESSAGES.invalidNumber));
    }
    if (isCardExpired(card.expiry_month, card.expiry_year, now())) {
      return reply.status(422).send(refusal('expired_card', 'expiry_year', PAYMENT_CARD_MESSAGES.expired));
    }
    const known = TEST_CARDS.find((test) => test.number === card.card_number);
    if (!known) {
      return reply
        .status(422)
        .send(refusal('unknown_test_number', 'card_number', TEST_GATEWAY_MESSAGES.unknownNumber));
    }
    if (known.outcome === 'declined') {
      return reply.status(402).send(refusal('card_declined', 'card_number', PAYMENT_CARD_MESSAGES.declined));
    }
    return reply.status(201).send({
      token: `tok_test_${randomBytes(12).toString('hex')}`,
      brand: known.brand,
      last4: known.number.slice(-4),
    });
  });

  return app;
}
