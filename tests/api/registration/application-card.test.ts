import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { PAYMENT_CARD_MESSAGES } from '#server/contracts/payment-card.ts';
import { REGISTRATION_CALL_MESSAGES } from '#server/contracts/registration.ts';
import { companies, companyPaymentCards, companyRegistrations } from '#server/db/schema.ts';
import { buildTestPaymentGateway } from '#server/payment-gateway/app.ts';
import { gatewayHost } from '#tests/support/login.ts';
import { uploadTinyIdentification } from '#tests/support/identification-upload.ts';
import { APPLICATION_STEPS } from '#tests/support/registration-application.ts';
import { sendFromPage, startWorld, type World } from '#tests/support/world.ts';

/**
 * The card of an application that pays by card (the payment variant): tokenised by the local test
 * payment gateway over real HTTP, kept in the draft, made the company's card on approval.
 */

const CARD_BANK = '0182'; // every brand, staff unrestricted
const VISA_JCB_BANK = '9998'; // VISA, JCB
const nextYear = String(Number(japanDateString().slice(0, 4)) + 1);
const card = (number: string) => ({
  card_number: number,
  expiry_month: '12',
  expiry_year: nextYear,
  security_code: '737',
  holder_name: 'Yoko Kobayashi',
});
const bankStep = { ...APPLICATION_STEPS.bank, has_no_bank_branch: true, bb_id: '' };

let world: World;
let paymentGateway: FastifyInstance;

beforeAll(async () => {
  paymentGateway = await buildTestPaymentGateway();
  await paymentGateway.listen({ host: '127.0.0.1', port: 0 });
  const { port } = paymentGateway.server.address() as AddressInfo;
  world = await startWorld({
    banks: [CARD_BANK, VISA_JCB_BANK],
    gateway: {
      env: { PAYMENT_GATEWAY_URL: `http://127.0.0.1:${port}`, REGISTRATION_RATE_LIMIT_MAX: '100' },
    },
  });
});
afterAll(async () => {
  await world?.close();
  await paymentGateway?.close();
});

const visitor = (code: string, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  sendFromPage(world.app, code, '', { method, url, payload });

async function startDraft(code: string, variant = 'payment') {
  const started = await visitor(code, '/api/v1/register/drafts', {
    variant,
    agree1: true,
    agree1_at: new Date().toISOString(),
    anti_social_check: true,
    agree2: true,
  });
  expect(started.statusCode, started.body).toBe(200);
  return started.json().result.draft_id as string;
}

/** Every step but the card, as the applicant fills them in. */
async function fillSteps(code: string, draftId: string) {
  const steps: Record<string, object> = {
    ...APPLICATION_STEPS,
    bank: bankStep,
    services: { bundle_payment_plan_id: '1', agree_bundle_payment: true },
  };
  for (const [step, values] of Object.entries(steps)) {
    const saved = await visitor(code, '/api/v1/register/drafts', { draft_id: draftId, step, values }, 'PUT');
    expect(saved.statusCode, `${step}: ${saved.body}`).toBe(200);
  }
  await uploadTinyIdentification(world.app, gatewayHost(code), draftId);
}

const registerCard = (code: string, draftId: string, number: string) =>
  visitor(code, '/api/v1/register/drafts/card', { draft_id: draftId, ...card(number) });

describe('an application’s card', () => {
  it('is required to send, kept as the gateway’s token, and becomes the company’s card on approval', async () => {
    const draftId = await startDraft(CARD_BANK);
    await fillSteps(CARD_BANK, draftId);
    const unpaid = await visitor(CARD_BANK, '/api/v1/register', { draft_id: draftId });
    expect(unpaid.statusCode).toBe(422);
    expect(Object.keys(unpaid.json().errors)).toEqual(
      expect.arrayContaining(['card_token', 'card_masked_number']),
    );

    const registered = await registerCard(CARD_BANK, draftId, '4111111111111111');
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().result).toEqual({ card_masked_number: '**** **** **** 1111', brand: 'VISA' });
    // A step's save cannot set the token: the browser's card_token is dropped.
    const forged = await visitor(
      CARD_BANK,
      '/api/v1/register/drafts',
      { draft_id: draftId, step: 'services', values: { card_token: 'forged', bundle_payment_plan_id: '0' } },
      'PUT',
    );
    expect(forged.statusCode).toBe(200);
    const read = (await visitor(CARD_BANK, '/api/v1/register/drafts/read', { draft_id: draftId })).json()
      .result;
    expect(read.values.card_masked_number).toBe('**** **** **** 1111');
    // Neither the token nor the card's details go back to the browser.
    expect(read.values).not.toHaveProperty('card_token');
    expect(read.values).not.toHaveProperty('card_details');

    const sent = await visitor(CARD_BANK, '/api/v1/register', { draft_id: draftId });
    expect(sent.statusCode, sent.body).toBe(200);
    const crCode = sent.json().result.cr_unique_code as string;
    const admin = await world.send(CARD_BANK, 'bank_admin', {
      method: 'GET',
      url: `/api/v1/companyregister/detail/${crCode}`,
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().result.values.card_masked_number).toBe('**** **** **** 1111');
    expect(admin.json().result.values).not.toHaveProperty('card_token');

    const approved = await world.send(CARD_BANK, 'bank_admin', {
      method: 'POST',
      url: '/api/v1/companyregister/approved',
      payload: { cr_unique_code: crCode },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [stored] = await world.db.withBank(CARD_BANK, (tx) =>
      tx
        .select({
          last4: companyPaymentCards.card_last4,
          brand: companyPaymentCards.card_brand,
          token: companyPaymentCards.card_token,
        })
        .from(companyPaymentCards)
        .innerJoin(companies, eq(companies.company_id, companyPaymentCards.company_id))
        .innerJoin(companyRegistrations, eq(companyRegistrations.company_id, companies.company_id))
        .where(eq(companyRegistrations.cr_unique_code, crCode)),
    );
    expect(stored).toMatchObject({ last4: '1111', brand: 'VISA' });
    expect(stored?.token).not.toBe('forged');
  });

  it('refuses what the gateway or the bank refuses, and keeps nothing', async () => {
    const draftId = await startDraft(CARD_BANK);
    const declined = await registerCard(CARD_BANK, draftId, '4000000000000002');
    expect(declined.statusCode).toBe(422);
    expect(declined.json().errors.card_number).toEqual([PAYMENT_CARD_MESSAGES.declined]);
    const luhn = await registerCard(CARD_BANK, draftId, '4111111111111112');
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().errors.card_number).toEqual([PAYMENT_CARD_MESSAGES.invalidNumber]);

    const visaJcb = await startDraft(VISA_JCB_BANK);
    const mastercard = await registerCard(VISA_JCB_BANK, visaJcb, '5555555555554444');
    expect(mastercard.statusCode).toBe(400);
    expect(mastercard.json().errors.card_number).toEqual([PAYMENT_CARD_MESSAGES.brandNotAccepted]);
    const read = (await visitor(CARD_BANK, '/api/v1/register/drafts/read', { draft_id: draftId })).json()
      .result;
    expect(read.values).toEqual({});
  });

  it('has no card to register in a variant that does not pay by card, or without a draft', async () => {
    const baDraft = await startDraft(CARD_BANK, 'ba');
    const ba = await registerCard(CARD_BANK, baDraft, '4111111111111111');
    expect(ba.statusCode).toBe(404);
    expect(ba.json().message).toBe(REGISTRATION_CALL_MESSAGES.draftGone);
    const gone = await registerCard(CARD_BANK, 'x'.repeat(43), '4111111111111111');
    expect(gone.statusCode).toBe(404);
    // Another bank's draft is no draft here.
    const other = await startDraft(VISA_JCB_BANK);
    expect((await registerCard(CARD_BANK, other, '4111111111111111')).statusCode).toBe(404);
  });
});
