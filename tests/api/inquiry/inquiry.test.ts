import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, inquiries } from '#server/db/schema.ts';
import { buildTestApp, sameOriginHeaders, type TestApp } from '#tests/support/app.ts';
import { VALID_INQUIRY } from './valid-inquiry.ts';

const BANK_A = '0182';
const BANK_B = '0158';

let testApp: TestApp;

beforeAll(async () => {
  // These tests send many inquiries from one address; the limit itself is inquiry-rate-limit.test.ts's.
  testApp = await buildTestApp({ env: { INQUIRY_RATE_LIMIT_MAX: '1000' } });
});

afterAll(async () => {
  await testApp?.close();
});

function postInquiry(bankCode: string, payload: unknown, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/inquiry',
    headers: { ...sameOriginHeaders(bankCode), ...headers },
    ...(typeof payload === 'string' ? { payload } : { payload: payload as object }),
  });
}

/** The inquiries a bank's staff see: a query inside that bank's transaction, as their screens make it. */
function inquiriesOf(bankCode: string) {
  return testApp.app.db.withBank(bankCode, (tx) => tx.select().from(inquiries));
}

async function inquiryCount(bankCode: string) {
  return (await inquiriesOf(bankCode)).length;
}

/** The field messages of a refused inquiry, after checking it was refused as bad input. */
async function fieldErrorsFor(payload: unknown): Promise<Record<string, string[]>> {
  const response = await postInquiry(BANK_A, payload);
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.status).toBe('error');
  expect(body.message).toBe('不正なリクエストです');
  return body.errors;
}

describe('POST /api/v1/inquiry', () => {
  it("stores a valid inquiry as not yet handled for the host's bank, and bank B's staff never see it", async () => {
    const response = await postInquiry(BANK_A, VALID_INQUIRY);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 'success',
      result: { inquiry_unique_code: expect.stringMatching(/^[0-9a-f]{32}$/) },
      message: 'お問い合わせを受け付けました',
    });
    const code: string = body.result.inquiry_unique_code;

    const [stored] = await testApp.app.db.withBank(BANK_A, (tx) =>
      tx.select().from(inquiries).where(eq(inquiries.inquiry_unique_code, code)),
    );
    expect(stored).toMatchObject({
      bank_code: BANK_A,
      inquiry_status: 'CREATED',
      inquiry_category: 'registration',
      inquiry_company_name: '株式会社みなと食品',
      inquiry_name: '小林 洋子',
      inquiry_name_kana: 'コバヤシ ヨウコ',
      inquiry_email: 'y.kobayashi@minato-foods.example.jp',
      inquiry_tel: '03-5000-1002',
      inquiry_body: 'ポータルの利用申込みに必要な書類を教えてください。',
    });
    expect(stored?.inquiry_created_at).toBeInstanceOf(Date);

    const seenByBankB = await inquiriesOf(BANK_B);
    expect(seenByBankB.map((row) => row.inquiry_unique_code)).not.toContain(code);
  });

  it("stores an inquiry for the host's bank even when the body names another bank", async () => {
    const before = await inquiryCount(BANK_B);
    const response = await postInquiry(BANK_B, { ...VALID_INQUIRY, bank_code: BANK_A });
    expect(response.statusCode).toBe(200);
    const code: string = response.json().result.inquiry_unique_code;

    expect(await inquiryCount(BANK_B)).toBe(before + 1);
    const bankB = await inquiriesOf(BANK_B);
    expect(bankB.find((row) => row.inquiry_unique_code === code)?.bank_code).toBe(BANK_B);
    expect((await inquiriesOf(BANK_A)).map((row) => row.inquiry_unique_code)).not.toContain(code);
  });

  it('accepts an inquiry without a phone number and stores none', async () => {
    const response = await postInquiry(BANK_A, { ...VALID_INQUIRY, inquiry_tel: '' });
    expect(response.statusCode).toBe(200);
    const code: string = response.json().result.inquiry_unique_code;
    const stored = (await inquiriesOf(BANK_A)).find((row) => row.inquiry_unique_code === code);
    expect(stored?.inquiry_tel).toBeNull();
  });

  it('answers 必須入力項目です for every required field left empty, and stores nothing', async () => {
    const before = await inquiryCount(BANK_A);
    const errors = await fieldErrorsFor({
      inquiry_category: '',
      inquiry_company_name: '',
      inquiry_name: '',
      inquiry_name_kana: '',
      inquiry_email: '',
      inquiry_tel: '',
      inquiry_body: '',
      agree_privacy_policy: false,
    });
    expect(errors).toEqual({
      inquiry_category: ['必須入力項目です'],
      inquiry_company_name: ['必須入力項目です'],
      inquiry_name: ['必須入力項目です'],
      inquiry_name_kana: ['必須入力項目です'],
      inquiry_email: ['必須入力項目です'],
      inquiry_body: ['必須入力項目です'],
      agree_privacy_policy: ['必須入力項目です'],
    });
    expect(await inquiryCount(BANK_A)).toBe(before);
  });

  it('answers 必須入力項目です for fields that are missing altogether', async () => {
    const errors = await fieldErrorsFor({});
    for (const field of [
      'inquiry_category',
      'inquiry_company_name',
      'inquiry_name',
      'inquiry_name_kana',
      'inquiry_email',
      'inquiry_body',
      'agree_privacy_policy',
    ]) {
      expect(errors[field], field).toEqual(['必須入力項目です']);
    }
  });

  it('treats a field of spaces only as empty', async () => {
    const errors = await fieldErrorsFor({ ...VALID_INQUIRY, inquiry_name: '　 ', inquiry_body: '   ' });
    expect(errors).toEqual({ inquiry_name: ['必須入力項目です'], inquiry_body: ['必須入力項目です'] });
  });

  it.each([
    ['inquiry_category', 'a code not in the list', 'loan', '選択肢の中から選んでください'],
    ['inquiry_name_kana', 'hiragana', 'こばやし ようこ', 'カナを入力してください'],
    ['inquiry_name_kana', 'latin letters', 'Kobayashi', 'カナを入力してください'],
    ['inquiry_email', 'no domain', 'y.kobayashi@', 'メールアドレスが正しくありません'],
    ['inquiry_email', 'no @', 'y.kobayashi.example.jp', 'メールアドレスが正しくありません'],
    [
      'inquiry_email',
      'a part before the @ of 65 characters',
      `${'a'.repeat(65)}@example.jp`,
      'メールアドレスが正しくありません',
    ],
    ['inquiry_tel', 'no hyphens', '0350001002', '電話番号が正しくありません'],
    ['inquiry_tel', 'a last group of 5 digits', '03-5000-10020', '電話番号が正しくありません'],
    ['inquiry_company_name', '101 characters', 'あ'.repeat(101), '100文字以内で入力してください'],
    ['inquiry_name', '61 characters', 'あ'.repeat(61), '60文字以内で入力してください'],
    ['inquiry_name_kana', '121 characters', 'ア'.repeat(121), '120文字以内で入力してください'],
    ['inquiry_body', '2001 characters', 'あ'.repeat(2001), '2000文字以内で入力してください'],
  ])('answers %s given %s with %s', async (field, _description, value, message) => {
    const errors = await fieldErrorsFor({ ...VALID_INQUIRY, [field]: value });
    expect(errors).toEqual({ [field]: [message] });
  });

  it('accepts a body of exactly 2000 characters', async () => {
    const response = await postInquiry(BANK_A, { ...VALID_INQUIRY, inquiry_body: 'あ'.repeat(2000) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body that is not JSON with the envelope, and stores nothing', async () => {
    const before = await inquiryCount(BANK_A);

    const broken = await postInquiry(BANK_A, '{"inquiry_name": ', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ status: 'error', message: '不正なリクエストです' });

    const form = await postInquiry(BANK_A, 'inquiry_name=test', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ status: 'error', message: 'このContent-Typeには対応していません' });

    expect(await inquiryCount(BANK_A)).toBe(before);
  });

  it('refuses a request body over the size limit with 413, and stores nothing', async () => {
    const before = await inquiryCount(BANK_A);
    const response = await postInquiry(BANK_A, { ...VALID_INQUIRY, inquiry_body: 'a'.repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 'error', message: '送信データが大きすぎます' });
    expect(await inquiryCount(BANK_A)).toBe(before);
  });

  it('is refused on a host that is no bank', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry',
      headers: { host: 'unknown.example.jp' },
      payload: VALID_INQUIRY,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the audit trail of an inquiry', () => {
  it('gets one CREATE row naming the inquiry, with no actor (a visitor sent it), in its bank only', async () => {
    const response = await postInquiry(BANK_A, VALID_INQUIRY);
    expect(response.statusCode, response.body).toBe(200);
    const code = response.json().result.inquiry_unique_code as string;
    const trail = (bankCode: string) =>
      testApp.app.db.withBank(bankCode, (tx) =>
        tx.select().from(auditEvents).where(eq(auditEvents.target_id, code)),
      );
    expect(await trail(BANK_A)).toMatchObject([
      { action: 'CREATE', target_type: 'inquiry', actor_user_id: null, impersonator_user_id: null },
    ]);
    expect(await trail(BANK_B)).toEqual([]);
  });
});
