import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentGatewayUnavailableError } from '#server/payment/gateway.ts';
import { createHttpPaymentGateway } from '#server/payment/http-gateway.ts';
import { buildTestPaymentGateway } from '#server/payment-gateway/app.ts';
import { findFreePort } from '#tests/support/idp.ts';

/** The PaymentGateway's HTTP client against the local test gateway, over real HTTP. */

let testGateway: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  testGateway = await buildTestPaymentGateway({ now: () => new Date('2026-06-15T03:00:00Z') });
  await testGateway.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(testGateway.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await testGateway?.close();
});

const card = (number: string, expiryYear = 2030) => ({
  number,
  expiryMonth: 12,
  expiryYear,
  cvc: '123',
  holder: 'TARO YAMADA',
});

describe('the HTTP payment gateway client', () => {
  it('tokenises each accepted test number into a token, its brand and its last four digits', async () => {
    const gateway = createHttpPaymentGateway(baseUrl);
    for (const [number, brand] of [
      ['4111111111111111', 'VISA'],
      ['5555555555554444', 'Mastercard'],
      ['3530111333300000', 'JCB'],
      ['378282246310005', 'American Express'],
      ['36227206271667', 'Diners Club'],
    ] as const) {
      const outcome = await gateway.tokenize(card(number));
      expect(outcome).toEqual({
        kind: 'tokenized',
        token: expect.stringMatching(/^tok_test_/),
        brand,
        last4: number.slice(-4),
      });
    }
  });

  it('answers the refusals with their field and Japanese message', async () => {
    const gateway = createHttpPaymentGateway(baseUrl);
    expect(await gateway.tokenize(card('4000000000000002'))).toEqual({
      kind: 'refused',
      field: 'card_number',
      message: 'このカードはご利用いただけません',
    });
    expect(await gateway.tokenize(card('4111111111111112'))).toMatchObject({
      kind: 'refused',
      field: 'card_number',
      message: 'カード番号が正しくありません',
    });
    expect(await gateway.tokenize(card('4242424242424242'))).toMatchObject({
      kind: 'refused',
      field: 'card_number',
    });
    expect(await gateway.tokenize(card('4111111111111111', 2025))).toMatchObject({
      kind: 'refused',
      field: 'expiry_year',
      message: '有効期限が過ぎています',
    });
  });

  it('throws PaymentGatewayUnavailableError when nothing answers', async () => {
    const gateway = createHttpPaymentGateway(`http://127.0.0.1:${await findFreePort()}`);
    await expect(gateway.tokenize(card('4111111111111111'))).rejects.toBeInstanceOf(
      PaymentGatewayUnavailableError,
    );
  });
});
