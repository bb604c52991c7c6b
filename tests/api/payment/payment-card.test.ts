import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { paymentCardSchema } from '#server/contracts/payment-card.ts';
import { companyPaymentCards } from '#server/db/schema/payment-cards.ts';
import { createLogger } from '#server/logging.ts';
import { buildTestPaymentGateway } from '#server/payment-gateway/app.ts';
import { TEST_GATEWAY_MESSAGES } from '#server/payment-gateway/test-cards.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import { expectEnvelopeRefusal } from '../security/security-world.ts';

/**
 * The company's payment card (GET and POST /api/v1/payment/card) against the local test payment
 * gateway over real HTTP, in banks that ask for a card (0147, 9998) and one that does not (0182).
 */

const CARD_BANK = '0147'; // VISA, Mastercard, JCB, American Express
const VISA_JCB_BANK = '9998'; // VISA, JCB
const OTHER_BANK = '0182';
const SECURITY_CODE = '737';

let world: World;
let paymentGateway: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  paymentGateway = await buildTestPaymentGateway();
  await paymentGateway.listen({ host: '127.0.0.1', port: 0 });
  const { port } = paymentGateway.server.address() as AddressInfo;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  world = await startWorld({
    banks: [CARD_BANK, VISA_JCB_BANK, OTHER_BANK],
    gateway: {
      env: { PAYMENT_GATEWAY_URL: `http://127.0.0.1:${port}` },
      logger: createLogger({ level: 'info' }, sink),
    },
  });
});
afterAll(async () => {
  await world?.close();
  await paymentGateway?.close();
});

const nextYear = String(Number(japanDateString().slice(0, 4)) + 1);
const card = (number: string, overrides: Record<string, string> = {}) => ({
  card_number: number,
  expiry_month: '12',
  expiry_year: nextYear,
  security_code: SECURITY_CODE,
  holder_name: 'Hanako Yamada',
  ...overrides,
});

async function send(
  code: string,
  as: UserTypeCode,
  request: { method: string; url: string; payload?: object },
) {
  return world.send(code, as, request);
}
const register = (code: string, payload: object, as: UserTypeCode = 'company_owner') =>
  send(code, as, { method: 'POST', url: '/api/v1/payment/card', payload });
const readCard = async (code: string, as: UserTypeCode = 'company_owner') => {
  const response = await send(code, as, { method: 'GET', url: '/api/v1/payment/card' });
  expect(response.statusCode, response.body).toBe(200);
  const { card: stored } = response.json().result as { card: unknown };
  return stored === null ? null : paymentCardSchema.parse(stored);
};
const currentUser = async (code: string, as: UserTypeCode = 'company_owner') => {
  const response = await send(code, as, { method: 'GET', url: '/api/v1/user/me' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { company_id: number; company_is_payment_method_filled: boolean };
};
const storedRows = (code: string) =>
  world.app.db.withBank(code, (tx) => tx.select().from(companyPaymentCards));

describe('before the company registers a card', () => {
  it('answers no card, the user is not filled, and a page call of the card-requiring bank is refused', async () => {
    expect(await readCard(CARD_BANK)).toBeNull();
    expect((await currentUser(CARD_BANK)).company_is_payment_method_filled).toBe(false);
    const babank = await send(CARD_BANK, 'company_owner', { method: 'GET', url: '/api/v1/babank/search' });
    expect(expectEnvelopeRefusal(babank, 403).message).toBe(
      'お支払い方法（クレジットカード）を登録してからご利用ください。',
    );
  });
});

describe('POST /api/v1/payment/card refusals store nothing', () => {
  const ownCompanyRow = async (code: string) => {
    const { company_id: companyId } = await currentUser(code);
    return world.app.db.withBank(code, (tx) =>
      tx.select().from(companyPaymentCards).where(eq(companyPaymentCards.company_id, companyId)),
    );
  };

  it.each([
    ['a number failing the Luhn check', '4111111111111112', 400, 'カード番号が正しくありません'],
    ['letters in the number', '4111-1111-1111-1111', 400, '半角数字で入力してください'],
    [
      'a brand the bank does not list (Mastercard at 9998)',
      '5555555555554444',
      400,
      'このカードブランドはご利用いただけません',
    ],
    [
      'a valid number that is not a test number',
      '4242424242424242',
      422,
      TEST_GATEWAY_MESSAGES.unknownNumber,
    ],
    ['the declined test number', '4000000000000002', 422, 'このカードはご利用いただけません'],
  ])('%s: a field error under card_number', async (_, number, status, message) => {
    const refused = expectEnvelopeRefusal(await register(VISA_JCB_BANK, card(number)), status);
    expect(refused.errors?.card_number).toEqual([message]);
    expect(await ownCompanyRow(VISA_JCB_BANK)).toEqual([]);
  });

  it('an expired card: 有効期限が過ぎています under expiry_year', async () => {
    const lastYear = String(Number(nextYear) - 2);
    const refused = expectEnvelopeRefusal(
      await register(VISA_JCB_BANK, card('4111111111111111', { expiry_year: lastYear })),
      400,
    );
    expect(refused.errors?.expiry_year).toEqual(['有効期限が過ぎています']);
    expect(await ownCompanyRow(VISA_JCB_BANK)).toEqual([]);
  });

  it('empty fields: 必須入力項目です under each', async () => {
    const refused = expectEnvelopeRefusal(
      await register(VISA_JCB_BANK, {
        card_number: '',
        expiry_month: '',
        expiry_year: '',
        security_code: '',
        holder_name: '',
      }),
      400,
    );
    for (const field of ['card_number', 'expiry_month', 'expiry_year', 'security_code', 'holder_name']) {
      expect(refused.errors?.[field], field).toEqual(['必須入力項目です']);
    }
  });

  it('a company user without the payment-settings permission is refused (403)', async () => {
    const refused = expectEnvelopeRefusal(
      await register(VISA_JCB_BANK, card('4111111111111111'), 'company_user'),
      403,
    );
    expect(refused.message).toContain('企業オーナー');
    expect(await ownCompanyRow(VISA_JCB_BANK)).toEqual([]);
  });

  // 0182: 0147 admits its staff from its own addresses only (422 before any access check).
  it('bank staff get 403 for reading and registering', async () => {
    expectEnvelopeRefusal(
      await send(OTHER_BANK, 'bank_admin', { method: 'GET', url: '/api/v1/payment/card' }),
      403,
    );
    expectEnvelopeRefusal(await register(OTHER_BANK, card('4111111111111111'), 'bank_admin'), 403);
  });
});

describe('registering an accepted test card', () => {
  it('stores the token, brand and last four digits, never the number or the security code', async () => {
    const response = await register(CARD_BANK, card('4111111111111111'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'success', message: 'カードを登録しました' });
    expect(paymentCardSchema.parse(response.json().result.card)).toMatchObject({
      brand: 'VISA',
      masked_number: '**** **** **** 1111',
      expiry_month: 12,
      expiry_year: Number(nextYear),
      holder_name: 'HANAKO YAMADA',
    });
    expect(response.body).not.toContain('4111111111111111');
    expect(response.body).not.toContain('tok_');

    const { company_id: companyId } = await currentUser(CARD_BANK);
    const rows = (await storedRows(CARD_BANK)).filter((row) => row.company_id === companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ card_brand: 'VISA', card_last4: '1111' });
    expect(rows[0]?.card_token).toMatch(/^tok_test_[0-9a-f]{24}$/);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toMatch(/\d{12,}/);
    expect(stored).not.toContain(`"${SECURITY_CODE}"`);
  });

  it('clears the card requirement for every user of the company: the user is filled and page calls answer', async () => {
    for (const as of ['company_owner', 'company_user'] as const) {
      expect((await currentUser(CARD_BANK, as)).company_is_payment_method_filled, as).toBe(true);
      expect((await readCard(CARD_BANK, as))?.masked_number).toBe('**** **** **** 1111');
    }
    const babank = await send(CARD_BANK, 'company_owner', { method: 'GET', url: '/api/v1/babank/search' });
    expect(babank.statusCode, babank.body).toBe(200);
  });

  it('replaces the card on a second registration (one card per company)', async () => {
    const response = await register(CARD_BANK, card('3530111333300000', { holder_name: 'TARO YAMADA' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await readCard(CARD_BANK)).toMatchObject({ brand: 'JCB', masked_number: '**** **** **** 0000' });
    const { company_id: companyId } = await currentUser(CARD_BANK);
    expect((await storedRows(CARD_BANK)).filter((row) => row.company_id === companyId)).toHaveLength(1);
  });

  it('is not seen by a company user of another bank, and no card number reaches the log', async () => {
    expect(await readCard(OTHER_BANK)).toBeNull();
    const otherRows = await storedRows(OTHER_BANK);
    expect(otherRows.every((row) => row.card_token.startsWith('tok_demo_'))).toBe(true);
    const log = logLines.join('');
    expect(log).not.toBe('');
    for (const secret of ['4111111111111111', '3530111333300000', '4000000000000002', `"${SECURITY_CODE}"`]) {
      expect(log).not.toContain(secret);
    }
  });
});
