import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_LOGO_MAX_BYTES,
  uploadCompanyLogoCall,
  COMPANY_PROFILE_MESSAGES,
  type CompanyProfile,
} from '#server/contracts/company-profile.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { companyLogoStorageKeyOf } from '#server/storage/storage-key.ts';
import { auditEvents, companies, users } from '#server/db/schema.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import { multipartBody, TINY_PDF, TINY_PNG, type UploadFile } from '#tests/support/identification-upload.ts';
import { apiGet, DEMO_LOGIN_OF, gatewayHost, gatewayOrigin } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const PROFILE = '/api/v1/company/profile';
const SAVE = '/api/v1/company/profile/save';
const BUSINESS = '/api/v1/company/business_profile';
const BUSINESS_SAVE = '/api/v1/company/business_profile/save';
const LOGO = uploadCompanyLogoCall.path;

/** The profile form as the demo owner's company (さくら精工) fills it in, with `changes`. */
const profileForm = (changes: Record<string, unknown> = {}) => ({
  company_name: 'さくら精工ホールディングス株式会社',
  company_name_kana: 'サクラセイコウホールディングス',
  company_tel: '03-5000-2001',
  company_post_code: '1040061',
  company_prefecture_code: '13',
  company_address1: '中央区',
  company_address2: '銀座1-2-3',
  company_address3: '',
  company_representative_name: '佐藤 健一',
  company_industry_major_code: 'E',
  company_industry_middle_code: '26',
  company_employee_count: '90',
  company_website_url: 'https://www.sakura-seiko.example.jp/',
  ...changes,
});

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK, OTHER_BANK] });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, url: string, payload: object) =>
  world.send(code, actor, { method: 'POST', url, payload });

/** The logo's upload as the profile page sends it: same origin, X-Requested-With, multipart. */
async function uploadLogo(
  code: string,
  actor: Actor,
  file?: UploadFile,
  fields: Record<string, string> = {},
) {
  const body = multipartBody(fields, file);
  return world.app.inject({
    method: 'POST',
    url: LOGO,
    headers: {
      host: gatewayHost(code),
      origin: gatewayOrigin(code),
      'x-requested-with': 'XMLHttpRequest',
      cookie: await world.cookieOf(code, actor),
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

/** The demo owner's company row of the bank. */
async function ownersCompany(code: string) {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select({ company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.company_id, users.company_id))
      .where(eq(users.user_login_id, `${DEMO_LOGIN_OF.company_owner}-${code}`)),
  );
  if (!row) throw new Error(`no demo owner's company in ${code}`);
  return row.company;
}

async function lastAudit(code: string) {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target_type, 'companies'))
      .orderBy(desc(auditEvents.id))
      .limit(1),
  );
  return row;
}

describe('GET /api/v1/company/profile', () => {
  it.each([BANK, OTHER_BANK])('answers the logged-in user’s own company of bank %s', async (code) => {
    const company = await ownersCompany(code);
    for (const actor of ['company_owner', 'company_user'] as const) {
      const answer = await get(code, actor, PROFILE);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().result).toMatchObject({
        company_unique_code: company.company_unique_code,
        company_corporate_number: company.company_corporate_number,
        company_name: company.company_name,
        company_name_kana: company.company_name_kana,
        company_post_code: company.company_post_code,
        company_industry_major_code: company.company_industry_major_code,
        company_industry_middle_code: company.company_industry_middle_code,
        company_employee_count: company.company_employee_count,
        company_logo_file: null,
      } satisfies Partial<CompanyProfile>);
    }
  });

  it('refuses with 403 those who may not edit the company’s settings, and bank staff', async () => {
    for (const actor of ['company_employee', 'bank_admin'] as const) {
      const answer = await get(BANK, actor, PROFILE);
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
      expect(answer.json()).toMatchObject({ status: 'error', message: '権限がありません' });
      expect(answer.body).not.toMatch(/"result"/);
    }
    expect((await get(BANK, 'visitor', PROFILE)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/company/profile/save', () => {
  it('saves the own company, audits it by its code, and GET /api/v1/user/me shows the new name at once', async () => {
    const before = await ownersCompany(BANK);
    // The user is read before the save, so the cache of logged-in users holds the old name.
    const me = async () => (await get(BANK, 'company_owner', '/api/v1/user/me')).json().result;
    expect((await me()).company_name).toBe(before.company_name);

    const answer = await post(BANK, 'company_owner', SAVE, profileForm());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toMatchObject({
      company_name: 'さくら精工ホールディングス株式会社',
      company_post_code: '104-0061',
      company_address3: null,
      company_employee_count: 90,
    });
    const after = await ownersCompany(BANK);
    expect(after).toMatchObject({
      company_name: 'さくら精工ホールディングス株式会社',
      company_name_kana: 'サクラセイコウホールディングス',
      company_post_code: '104-0061',
      company_prefecture_code: '13',
      company_address2: '銀座1-2-3',
      company_address3: null,
      company_employee_count: 90,
      company_website_url: 'https://www.sakura-seiko.example.jp/',
      // What the form does not hold stays as it was.
      company_corporate_number: before.company_corporate_number,
      bb_id: before.bb_id,
      company_type: before.company_type,
    });
    expect(await lastAudit(BANK)).toMatchObject({
      action: 'UPDATE',
      target_type: 'companies',
      target_id: before.company_unique_code,
      actor_user_id: await world.userIdOf(BANK, 'company_owner'),
    });
    expect((await me()).company_name).toBe('さくら精工ホールディングス株式会社');
  });

  it('takes the company from the login, never from the body, and leaves the other bank alone', async () => {
    const otherBefore = await ownersCompany(OTHER_BANK);
    const own = await ownersCompany(BANK);
    const answer = await post(
      OTHER_BANK,
      'company_user',
      SAVE,
      profileForm({
        company_name: '別の銀行の企業名',
        company_id: own.company_id,
        company_unique_code: own.company_unique_code,
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result.company_unique_code).toBe(otherBefore.company_unique_code);
    expect((await ownersCompany(OTHER_BANK)).company_name).toBe('別の銀行の企業名');
    expect((await ownersCompany(BANK)).company_name).toBe(own.company_name);
  });

  it('answers 400 with the spec’s messages under each field, and saves nothing', async () => {
    const before = await ownersCompany(BANK);
    const answer = await post(
      BANK,
      'company_owner',
      SAVE,
      profileForm({
        company_name: '',
        company_name_kana: 'sakura',
        company_tel: '0312345678',
        company_post_code: '104',
        company_prefecture_code: '48',
        company_address1: 'あ'.repeat(101),
        company_industry_major_code: '',
        company_employee_count: '-1',
        company_website_url: 'www.example.com',
      }),
    );
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors).toEqual({
      company_name: [VALIDATION_MESSAGES.required],
      company_name_kana: [VALIDATION_MESSAGES.katakana],
      company_tel: [VALIDATION_MESSAGES.phone],
      company_post_code: ['郵便番号は7桁の半角数字で入力してください（例：104-0061）'],
      company_prefecture_code: [COMPANY_PROFILE_MESSAGES.invalidChoice],
      company_address1: [maxLengthMessage(100)],
      company_industry_major_code: [VALIDATION_MESSAGES.required],
      company_employee_count: [COMPANY_PROFILE_MESSAGES.employeeCount],
      company_website_url: [VALIDATION_MESSAGES.url],
    });
    const long = await post(BANK, 'company_owner', SAVE, profileForm({ company_name: '株'.repeat(101) }));
    expect(long.json().errors).toEqual({ company_name: [maxLengthMessage(100)] });
    const notANumber = await post(BANK, 'company_owner', SAVE, profileForm({ company_employee_count: '十' }));
    expect(notANumber.json().errors).toEqual({ company_employee_count: [VALIDATION_MESSAGES.integer] });
    expect(await ownersCompany(BANK)).toEqual(before);
  });

  it('answers 422 for a 中分類 of another 大分類, with the message under the 中分類', async () => {
    const answer = await post(
      BANK,
      'company_owner',
      SAVE,
      profileForm({ company_industry_major_code: 'G', company_industry_middle_code: '09' }),
    );
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().errors).toEqual({
      company_industry_middle_code: [COMPANY_PROFILE_MESSAGES.invalidChoice],
    });
  });

  it('refuses with 403 a company_employee (no company_setting_company_write) and bank staff', async () => {
    const before = await ownersCompany(BANK);
    for (const actor of ['company_employee', 'bank_admin', 'branch_user'] as const) {
      const answer = await post(BANK, actor, SAVE, profileForm({ company_name: '書き換え' }));
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
    }
    expect(await ownersCompany(BANK)).toEqual(before);
  });
});

describe('the company logo', () => {
  const storage = () => createFileStorage(world.app.config);
  const readLogo = async (code: string, actor: Actor, url: string) => get(code, actor, url);

  it('takes a PNG as the logo at once: the row names it, GET /api/v1/user/me and the file path show it', async () => {
    const answer = await uploadLogo(BANK, 'company_owner', {
      name: 'logo.png',
      bytes: TINY_PNG,
      contentType: 'image/png',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const logo = answer.json().result as { file_unique_code: string; file_url: string };
    expect(logo.file_unique_code).toMatch(/^[0-9a-f]{32}$/);
    expect(logo.file_url).toBe(`/api/v1/file/${logo.file_unique_code}`);
    expect((await ownersCompany(BANK)).company_logo_file_unique_code).toBe(logo.file_unique_code);
    const me = (await get(BANK, 'company_owner', '/api/v1/user/me')).json().result;
    expect(me.company_logo_file).toEqual({ file_unique_code: logo.file_unique_code });
    expect(await lastAudit(BANK)).toMatchObject({
      action: 'UPDATE',
      target_id: (await ownersCompany(BANK)).company_unique_code,
    });

    const image = await readLogo(BANK, 'company_employee', logo.file_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    // The profile answers it too.
    expect((await get(BANK, 'company_owner', PROFILE)).json().result.company_logo_file).toEqual(logo);
  });

  it('replaces the logo: the old image is gone, bytes and all', async () => {
    const first = (await uploadLogo(BANK, 'company_user', { name: 'a.png', bytes: TINY_PNG })).json().result;
    const second = await uploadLogo(BANK, 'company_user', { name: 'b.png', bytes: TINY_PNG });
    expect(second.statusCode, second.body).toBe(200);
    expect((await readLogo(BANK, 'company_owner', first.file_url)).statusCode).toBe(404);
    expect(await storage().get(companyLogoStorageKeyOf(BANK, first.file_unique_code))).toBeUndefined();
    expect((await readLogo(BANK, 'company_owner', second.json().result.file_url)).statusCode).toBe(200);
  });

  it('refuses a text file and a PDF by their content (422), whatever their name says', async () => {
    for (const file of [
      { name: 'logo.png', bytes: Buffer.from('これはロゴではありません\n'), contentType: 'image/png' },
      { name: 'logo.pdf', bytes: TINY_PDF, contentType: 'application/pdf' },
    ]) {
      const answer = await uploadLogo(BANK, 'company_owner', file);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toMatchObject({
        message: COMPANY_PROFILE_MESSAGES.logoTypeRefused,
        errors: { file: [COMPANY_PROFILE_MESSAGES.logoTypeRefused] },
      });
    }
  });

  it('refuses an image over 2 MB (422) and takes one of exactly 2 MB', async () => {
    const padded = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length)]);
    const over = await uploadLogo(BANK, 'company_owner', {
      name: 'big.png',
      bytes: padded(COMPANY_LOGO_MAX_BYTES + 1),
    });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json()).toMatchObject({
      message: 'ファイルサイズは2MB以内にしてください',
      errors: { file: ['ファイルサイズは2MB以内にしてください'] },
    });
    const exact = await uploadLogo(BANK, 'company_owner', {
      name: 'exact.png',
      bytes: padded(COMPANY_LOGO_MAX_BYTES),
    });
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('answers 400 with ファイルを選択してください when no file is sent', async () => {
    const answer = await uploadLogo(BANK, 'company_owner');
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors).toEqual({ file: [COMPANY_PROFILE_MESSAGES.logoMissing] });
  });

  it('refuses the upload with 403 to a company_employee and to bank staff, before it is read', async () => {
    const before = (await ownersCompany(BANK)).company_logo_file_unique_code;
    for (const actor of ['company_employee', 'bank_admin'] as const) {
      const answer = await uploadLogo(BANK, actor, { name: 'logo.png', bytes: TINY_PNG });
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
    }
    expect((await ownersCompany(BANK)).company_logo_file_unique_code).toBe(before);
  });

  it('shows a logo to the bank’s users and its staff of the company’s branch, 404 to anyone else', async () => {
    const logo = (await uploadLogo(BANK, 'company_owner', { name: 'logo.png', bytes: TINY_PNG })).json()
      .result;
    // The owner's company is at branch 001: the branch user's (001, 010) and the branch admin's (001).
    const readers: Actor[] = ['partner_company_owner', 'bank_admin', 'branch_admin', 'branch_user'];
    for (const actor of readers)
      expect((await readLogo(BANK, actor, logo.file_url)).statusCode, actor).toBe(200);
    expect((await readLogo(BANK, 'visitor', logo.file_url)).statusCode).toBe(401);
    const otherBank = await readLogo(OTHER_BANK, 'company_owner', logo.file_url);
    expect(otherBank.statusCode).toBe(404);
    expect(otherBank.body).not.toMatch(/"result"/);
    expect((await readLogo(OTHER_BANK, 'bank_admin', logo.file_url)).statusCode).toBe(404);

    // A company of another branch (港町支店, 040): not the branch staff's.
    const key = companyLogoStorageKeyOf(BANK, 'ab'.repeat(16));
    await storage().put(key, TINY_PNG, 'image/png');
    await world.db.withBank(BANK, (tx) =>
      tx
        .update(companies)
        .set({ company_logo_file_unique_code: 'ab'.repeat(16) })
        .where(eq(companies.company_name, '株式会社みなと食品')),
    );
    const url = `/api/v1/file/${'ab'.repeat(16)}`;
    expect((await readLogo(BANK, 'bank_admin', url)).statusCode).toBe(200);
    expect((await readLogo(BANK, 'branch_user', url)).statusCode).toBe(404);
    expect((await readLogo(BANK, 'branch_admin', url)).statusCode).toBe(404);
    expect((await readLogo(BANK, 'company_owner', '/api/v1/file/not-a-code')).statusCode).toBe(404);
  });

  it('DELETE /api/v1/company/logo takes the logo away and removes its image', async () => {
    const logo = (await uploadLogo(BANK, 'company_owner', { name: 'logo.png', bytes: TINY_PNG })).json()
      .result;
    const answer = await world.send(BANK, 'company_owner', { method: 'DELETE', url: LOGO });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toEqual({ company_logo_file: null });
    expect((await ownersCompany(BANK)).company_logo_file_unique_code).toBeNull();
    expect((await readLogo(BANK, 'company_owner', logo.file_url)).statusCode).toBe(404);
    expect(await storage().get(companyLogoStorageKeyOf(BANK, logo.file_unique_code))).toBeUndefined();
    const me = (await get(BANK, 'company_owner', '/api/v1/user/me')).json().result;
    expect(me.company_logo_file).toBeNull();
    expect((await world.send(BANK, 'company_employee', { method: 'DELETE', url: LOGO })).statusCode).toBe(
      403,
    );
  });
});

describe('the business profile (/mypage/mybusiness/edit)', () => {
  const businessForm = (changes: Record<string, unknown> = {}) => ({
    business_description: '精密部品の切削加工と組立。試作から量産まで。',
    business_products: '治具、小型装置',
    business_strengths: '短納期の試作',
    business_area_codes: ['27', '13', '13'],
    ...changes,
  });

  it('answers the company’s business profile, and an empty one to a company that has none', async () => {
    const answer = await get(BANK, 'company_owner', BUSINESS);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toMatchObject({
      business_description: '精密部品の切削加工と組立を行っています。試作1個から量産まで対応します。',
      business_area_codes: ['13', '14', '11'],
    });
    // The partner owner's company has none in the demo data.
    expect((await get(BANK, 'partner_company_owner', BUSINESS)).json().result).toEqual({
      business_description: '',
      business_products: '',
      business_strengths: '',
      business_area_codes: [],
      business_updated_at: null,
    });
  });

  it('saves the texts and the areas (each once, in code order), audited by the company’s code', async () => {
    const answer = await post(BANK, 'company_user', BUSINESS_SAVE, businessForm());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toMatchObject({
      business_description: '精密部品の切削加工と組立。試作から量産まで。',
      business_products: '治具、小型装置',
      business_area_codes: ['13', '27'],
    });
    expect((await get(BANK, 'company_owner', BUSINESS)).json().result.business_area_codes).toEqual([
      '13',
      '27',
    ]);
    expect(await lastAudit(BANK)).toMatchObject({
      action: 'UPDATE',
      target_id: (await ownersCompany(BANK)).company_unique_code,
    });
    // The first save of a company that had none makes it.
    const first = await post(
      BANK,
      'partner_company_owner',
      BUSINESS_SAVE,
      businessForm({ business_area_codes: [] }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.business_updated_at).not.toBeNull();
    // The other bank's owner's company is untouched.
    expect((await get(OTHER_BANK, 'company_owner', BUSINESS)).json().result.business_area_codes).toEqual([
      '13',
      '14',
      '11',
    ]);
  });

  it('answers 400 for an area that is no prefecture code, an empty description and text too long', async () => {
    for (const codes of [['48'], ['00'], ['1'], ['13', 'tokyo']]) {
      const answer = await post(
        BANK,
        'company_owner',
        BUSINESS_SAVE,
        businessForm({ business_area_codes: codes }),
      );
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors).toEqual({ business_area_codes: [COMPANY_PROFILE_MESSAGES.invalidChoice] });
    }
    const texts = await post(
      BANK,
      'company_owner',
      BUSINESS_SAVE,
      businessForm({ business_description: '　', business_strengths: 'あ'.repeat(1001) }),
    );
    expect(texts.statusCode, texts.body).toBe(400);
    expect(texts.json().errors).toEqual({
      business_description: [VALIDATION_MESSAGES.required],
      business_strengths: [maxLengthMessage(1000)],
    });
  });

  it('refuses with 403 a company_employee and bank staff', async () => {
    for (const actor of ['company_employee', 'bank_admin'] as const) {
      expect((await get(BANK, actor, BUSINESS)).statusCode, actor).toBe(403);
      expect((await post(BANK, actor, BUSINESS_SAVE, businessForm())).statusCode, actor).toBe(403);
    }
  });
});
