import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import { APPLICATION_NOT_FOUND_MESSAGE, REGISTRATION_CALL_MESSAGES } from '#server/contracts/registration.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { companyRegistrations, mailOutbox, registrationDrafts } from '#server/db/schema.ts';
import { REGISTRATION_RATE_LIMITED_MESSAGE } from '#server/api/registration/routes.ts';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';
import { uploadTinyIdentification } from '#tests/support/identification-upload.ts';
import { APPLICATION_STEPS } from '#tests/support/registration-application.ts';

const BANK = '0182';
const OTHER_BANK = '0158';

const { applicant, company, documents } = APPLICATION_STEPS;
const bankStep = { ...APPLICATION_STEPS.bank, has_no_bank_branch: true, bb_id: '' };
const agreement = (variant: string) => ({
  variant,
  agree1: true,
  agree1_at: '2026-11-25T10:00:00+09:00',
  anti_social_check: true,
  agree2: true,
});

describe('company registration: drafts and sending', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ env: { REGISTRATION_RATE_LIMIT_MAX: '100' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const call = (code: string, method: 'POST' | 'PUT', url: string, payload: object) =>
    testApp.app.inject({
      method,
      url,
      payload,
      headers: {
        host: devHost(code),
        origin: `http://${devHost(code)}`,
        'x-requested-with': 'XMLHttpRequest',
      },
    });
  const start = async (code = BANK, variant = 'ba') => {
    const answer = await call(code, 'POST', '/api/v1/register/drafts', agreement(variant));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result.draft_id as string;
  };
  const save = (draftId: string, step: string, values: object, code = BANK) =>
    call(code, 'PUT', '/api/v1/register/drafts', { draft_id: draftId, step, values });
  const read = (draftId: string, code = BANK) =>
    call(code, 'POST', '/api/v1/register/drafts/read', { draft_id: draftId });
  const submit = (draftId: string, code = BANK) =>
    call(code, 'POST', '/api/v1/register', { draft_id: draftId });
  const filledDraft = async () => {
    const draftId = await start();
    for (const [step, values] of Object.entries({
      applicant,
      company,
      bank: bankStep,
      documents,
      services: {},
    }))
      expect((await save(draftId, step, values)).statusCode, step).toBe(200);
    await uploadTinyIdentification(testApp.app, devHost(BANK), draftId);
    return draftId;
  };

  it('starts only a variant the bank offers, and only after every box of the agreement is ticked', async () => {
    expect((await call(BANK, 'POST', '/api/v1/register/drafts', agreement('hgba'))).statusCode).toBe(404);
    expect((await call(OTHER_BANK, 'POST', '/api/v1/register/drafts', agreement('hgba'))).statusCode).toBe(
      200,
    );
    const refused = await call(BANK, 'POST', '/api/v1/register/drafts', {
      ...agreement('ba'),
      agree1: false,
      anti_social_check: undefined,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({
      agree1: [VALIDATION_MESSAGES.required],
      anti_social_check: [VALIDATION_MESSAGES.required],
    });
  });

  it('keeps each step as entered, checking what was entered, and reads it back', async () => {
    const draftId = await start();
    const half = await save(draftId, 'applicant', { user_last_name: '小林', user_tel: '0312345678' });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual({ user_tel: [VALIDATION_MESSAGES.phone] });

    expect(
      (await save(draftId, 'applicant', { user_last_name: '小林', user_first_name: '洋子' })).statusCode,
    ).toBe(200);
    const answer = (await read(draftId)).json().result;
    expect(answer.variant).toBe('ba');
    expect(answer.values).toEqual({ user_last_name: '小林', user_first_name: '洋子' });
    expect(new Date(answer.expires_at).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // A step the variant does not ask is refused (the portal variant asks no bank details).
    const portal = await start(OTHER_BANK, 'portal');
    expect((await save(portal, 'bank', bankStep, OTHER_BANK)).statusCode).toBe(404);
    expect((await save(portal, 'applicant', applicant, OTHER_BANK)).statusCode).toBe(200);
  });

  it('refuses to send an incomplete application, naming every missing field', async () => {
    const draftId = await start();
    await save(draftId, 'applicant', applicant);
    const answer = await submit(draftId);
    // A refusal with a message per field (422), which the confirm page takes back to the step.
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toMatchObject({
      company_name: [VALIDATION_MESSAGES.required],
      bank_account_number: [VALIDATION_MESSAGES.required],
      identification_file_unique_code: [VALIDATION_MESSAGES.required],
    });
    expect(answer.json().errors.user_last_name).toBeUndefined();
  });

  it('files a complete application as pending, mails the receipt in the same transaction, and ends the draft', async () => {
    const draftId = await filledDraft();
    const answer = await submit(draftId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(REGISTRATION_CALL_MESSAGES.received);
    const code = answer.json().result.cr_unique_code as string;
    expect(code).toMatch(/^R[0-9A-F]{12}$/);

    const [row] = await testApp.app.db.withBank(BANK, (tx) =>
      tx.select().from(companyRegistrations).where(eq(companyRegistrations.cr_unique_code, code)),
    );
    expect(row).toMatchObject({
      cr_status: 'pending',
      cr_variant: 'ba',
      cr_company_name: '株式会社みなと食品',
      cr_applicant_name: '小林 洋子',
      cr_applicant_email: applicant.user_email,
      bb_id: null,
    });
    expect(row?.cr_values).toMatchObject({ company_account_closing_month: 3, company_employee_count: 24 });
    expect(row?.cr_agreed_at.toISOString()).toBe('2026-11-25T01:00:00.000Z');

    const mails = await testApp.app.db.withBank(BANK, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.mail_to, applicant.user_email)),
    );
    expect(mails.map((mail) => mail.mail_kind)).toEqual(['registration.received']);
    expect(mails[0]?.mail_text).toContain(`■申込番号：${code}`);

    const gone = await read(draftId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(REGISTRATION_CALL_MESSAGES.draftGone);
    expect((await submit(draftId)).statusCode).toBe(404);
  });

  it('forgets a draft 24 hours after its last save, and another bank never opens it', async () => {
    const draftId = await start();
    expect((await read(draftId, OTHER_BANK)).statusCode).toBe(404);
    await testApp.app.db.withBank(BANK, (tx) =>
      tx.update(registrationDrafts).set({ draft_expires_at: sql`now() - interval '1 second'` }),
    );
    const expired = await read(draftId);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(REGISTRATION_CALL_MESSAGES.draftGone);
    expect((await save(draftId, 'applicant', applicant)).statusCode).toBe(404);
  });

  it('tells the applicant where the application stands, given its number and their address only', async () => {
    const sent = await submit(await filledDraft());
    const code = sent.json().result.cr_unique_code as string;
    const progress = (email: string, crCode = code, bank = BANK) =>
      call(bank, 'POST', '/api/v1/register/progress', { cr_unique_code: crCode, email });
    const answer = await progress(applicant.user_email.toUpperCase());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toMatchObject({
      cr_unique_code: code,
      variant_title: 'ビジネスアシスト利用申込',
      status: 'pending',
      decided_at: null,
    });
    for (const refused of [
      await progress('someone.else@example.jp'),
      await progress(applicant.user_email, 'R000000000000'),
      await progress(applicant.user_email, code, OTHER_BANK),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(APPLICATION_NOT_FOUND_MESSAGE);
    }
  });

  it('gives a bot that fills in the honeypot a draft id that opens nothing', async () => {
    const answer = await call(BANK, 'POST', '/api/v1/register/drafts', {
      ...agreement('ba'),
      homepage_url: 'https://spam.example/',
    });
    expect(answer.statusCode).toBe(200);
    expect((await read(answer.json().result.draft_id)).statusCode).toBe(404);
  });

  it('answers an e-mail confirmation that differs, field by field', async () => {
    const draftId = await start();
    const answer = await save(draftId, 'applicant', {
      ...applicant,
      user_email_confirmation: 'other@example.jp',
    });
    expect(answer.json().errors).toEqual({ user_email_confirmation: [REGISTRATION_MESSAGES.emailMismatch] });
  });
});

describe('company registration limits', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ env: { REGISTRATION_RATE_LIMIT_MAX: '2' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses more applications from one address than the bank allows, in Japanese', async () => {
    const start = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v1/register/drafts',
        payload: agreement('ba'),
        headers: {
          host: devHost(BANK),
          origin: `http://${devHost(BANK)}`,
          'x-requested-with': 'XMLHttpRequest',
        },
      });
    expect((await start()).statusCode).toBe(200);
    expect((await start()).statusCode).toBe(200);
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(REGISTRATION_RATE_LIMITED_MESSAGE);
  });
});
