import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { NEED_CATEGORIES } from '#server/contracts/need-categories.ts';
import {
  NEED_NOTICE_SETTING_MESSAGES,
  type NeedNoticeSetting,
  NO_NEED_NOTICE_SETTING,
} from '#server/contracts/need-notice-setting.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { companiesToNotify } from '#server/api/matching/need-notice-setting-queries.ts';
import { auditEvents, companies, needNoticeSettings, users } from '#server/db/schema.ts';
import { apiGet } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const SETTING = '/api/v1/setting/matching/notice';
const SAVE = '/api/v1/setting/matching/notice/save';

/** Who has company_setting_matching_write by default (server/db/master-data/account-type-rows.ts). */
const ALLOWED = ['company_owner', 'company_user', 'partner_company_owner'] as const;
const STAFF = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const;

/** A setting as the page sends it, with `changes`. */
const settingForm = (changes: Record<string, unknown> = {}) => ({
  notice_is_enabled: true,
  notice_categories: ['buy', 'sell'],
  notice_industry_codes: ['09', '10'],
  notice_area_codes: ['13', '14'],
  notice_channels: ['mail', 'portal'],
  ...changes,
});

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK, OTHER_BANK] });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const get = async (code: string, actor: Actor, url = SETTING) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, payload: object, url = SAVE) =>
  world.send(code, actor, { method: 'POST', url, payload });

/** The demo account's company: its id and code. */
async function companyOf(code: string, actor: UserTypeCode) {
  const userId = await world.userIdOf(code, actor);
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select({ id: companies.company_id, code: companies.company_unique_code })
      .from(users)
      .innerJoin(companies, eq(companies.company_id, users.company_id))
      .where(eq(users.user_id, userId)),
  );
  if (!row) throw new Error(`no company for the demo ${actor} of ${code}`);
  return row;
}

/** The bank's need notice rows, by company id. */
async function settingRows(code: string) {
  return world.db.withBank(code, (tx) =>
    tx.select().from(needNoticeSettings).orderBy(needNoticeSettings.company_id),
  );
}

async function lastAudit(code: string) {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target_type, 'settings'))
      .orderBy(desc(auditEvents.id))
      .limit(1),
  );
  return row;
}

describe('GET /api/v1/setting/matching/notice', () => {
  it.each([BANK, OTHER_BANK])(
    'answers a company that never saved one the "no notices" setting, with both channels offered, on bank %s',
    async (code) => {
      for (const actor of ALLOWED) {
        const answer = await get(code, actor);
        expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(200);
        expect(answer.json().result).toEqual({
          notice_is_enabled: false,
          notice_categories: [],
          notice_industry_codes: [],
          notice_area_codes: [],
          notice_channels: ['mail', 'portal'],
          notice_updated_at: null,
        } satisfies NeedNoticeSetting);
      }
      expect(await settingRows(code)).toEqual([]);
    },
  );

  it('refuses a company_employee (no company_setting_matching_write) and bank staff with 403, a visitor with 401', async () => {
    for (const actor of ['company_employee', ...STAFF] as const) {
      const answer = await get(BANK, actor);
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
      expect(answer.json()).toMatchObject({ status: 'error', message: '権限がありません' });
      expect(answer.body).not.toMatch(/"result"/);
    }
    expect((await get(BANK, 'visitor')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/setting/matching/notice/save', () => {
  it('saves the owner’s company’s setting, duplicates collapsed and codes in order, and audits it by the company’s code', async () => {
    const company = await companyOf(BANK, 'company_owner');
    const ownerId = await world.userIdOf(BANK, 'company_owner');
    const answer = await post(
      BANK,
      'company_owner',
      settingForm({
        notice_categories: ['build', 'buy', 'build', 'sell'],
        notice_industry_codes: ['10', '09', '10'],
        notice_area_codes: ['47', '01', '13', '01'],
        notice_channels: ['portal', 'mail', 'portal'],
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const saved = answer.json().result as NeedNoticeSetting;
    expect(saved).toEqual({
      notice_is_enabled: true,
      // The pages' order: sell, buy, rent, lease, build.
      notice_categories: ['sell', 'buy', 'build'],
      notice_industry_codes: ['09', '10'],
      notice_area_codes: ['01', '13', '47'],
      notice_channels: ['mail', 'portal'],
      notice_updated_at: expect.any(String),
    });
    expect(await settingRows(BANK)).toEqual([
      expect.objectContaining({
        company_id: company.id,
        notice_is_enabled: true,
        notice_categories: ['sell', 'buy', 'build'],
        notice_industry_codes: ['09', '10'],
        notice_area_codes: ['01', '13', '47'],
        notice_by_mail: true,
        notice_in_portal: true,
        notice_updated_by: ownerId,
      }),
    ]);
    expect(await lastAudit(BANK)).toMatchObject({
      action: 'UPDATE',
      target_type: 'settings',
      target_id: company.code,
      actor_user_id: ownerId,
    });
    expect((await get(BANK, 'company_owner')).json().result).toEqual(saved);
  });

  it('keeps one setting per company: the company_user reads the owner’s and replaces it whole', async () => {
    const company = await companyOf(BANK, 'company_user');
    expect(company).toEqual(await companyOf(BANK, 'company_owner'));
    expect((await get(BANK, 'company_user')).json().result.notice_categories).toEqual([
      'sell',
      'buy',
      'build',
    ]);

    const answer = await post(
      BANK,
      'company_user',
      settingForm({
        notice_is_enabled: false,
        notice_categories: [],
        notice_industry_codes: [],
        notice_area_codes: ['27'],
        notice_channels: ['mail'],
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await settingRows(BANK);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      company_id: company.id,
      notice_is_enabled: false,
      notice_categories: [],
      notice_industry_codes: [],
      notice_area_codes: ['27'],
      notice_by_mail: true,
      notice_in_portal: false,
      notice_updated_by: await world.userIdOf(BANK, 'company_user'),
    });
    expect((await get(BANK, 'company_owner')).json().result).toMatchObject({
      notice_is_enabled: false,
      notice_area_codes: ['27'],
      notice_channels: ['mail'],
    });
  });

  it('saves the partner owner’s own company’s setting beside the other company’s', async () => {
    const partner = await companyOf(BANK, 'partner_company_owner');
    const answer = await post(BANK, 'partner_company_owner', settingForm({ notice_categories: ['lease'] }));
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await settingRows(BANK);
    expect(rows.map((row) => row.company_id)).toContain(partner.id);
    expect(rows).toHaveLength(2);
    expect((await get(BANK, 'partner_company_owner')).json().result.notice_categories).toEqual(['lease']);
    expect((await get(BANK, 'company_owner')).json().result.notice_categories).toEqual([]);
  });

  it('turns the notices off without a channel, but asks for one to turn them on (400, nothing written)', async () => {
    const off = await post(
      BANK,
      'company_owner',
      settingForm({ notice_is_enabled: false, notice_channels: [] }),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().result).toMatchObject({ notice_is_enabled: false, notice_channels: [] });

    const before = await settingRows(BANK);
    const on = await post(BANK, 'company_owner', settingForm({ notice_channels: [] }));
    expect(on.statusCode, on.body).toBe(400);
    expect(on.json().errors).toEqual({ notice_channels: [NEED_NOTICE_SETTING_MESSAGES.channelRequired] });
    expect(await settingRows(BANK)).toEqual(before);
  });

  it('refuses codes outside the choices under their list (400; a two-digit code outside its master 422), and writes nothing', async () => {
    const before = await settingRows(BANK);
    const { invalidChoice } = NEED_NOTICE_SETTING_MESSAGES;

    const choices = await post(
      BANK,
      'company_owner',
      settingForm({
        notice_categories: ['buy', 'rent_out'],
        notice_industry_codes: ['E'],
        notice_area_codes: ['13', 'Tokyo'],
        notice_channels: ['fax'],
      }),
    );
    expect(choices.statusCode, choices.body).toBe(400);
    expect(choices.json().errors).toEqual({
      notice_categories: [invalidChoice],
      notice_industry_codes: [invalidChoice],
      notice_area_codes: [invalidChoice],
      notice_channels: [invalidChoice],
    });

    // Two digits, but no 中分類 00 and no prefecture 48 in the masters.
    const masters = await post(
      BANK,
      'company_owner',
      settingForm({ notice_industry_codes: ['09', '00'], notice_area_codes: ['47', '48'] }),
    );
    expect(masters.statusCode, masters.body).toBe(422);
    expect(masters.json()).toEqual({
      status: 'error',
      message: MESSAGES.saveFailed,
      errors: { notice_industry_codes: [invalidChoice], notice_area_codes: [invalidChoice] },
    });
    const oneList = await post(BANK, 'company_owner', settingForm({ notice_area_codes: ['00'] }));
    expect(oneList.statusCode).toBe(422);
    expect(oneList.json().errors).toEqual({ notice_area_codes: [invalidChoice] });
    const format = await post(BANK, 'company_owner', settingForm({ notice_industry_codes: ['99', '100'] }));
    expect(format.statusCode).toBe(400);
    expect(format.json().errors).toEqual({ notice_industry_codes: [invalidChoice] });

    // More codes than a page can tick, even if each is a real one.
    const tooMany = await post(
      BANK,
      'company_owner',
      settingForm({ notice_area_codes: Array.from({ length: 201 }, () => '13') }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ notice_area_codes: [invalidChoice] });
    expect(await settingRows(BANK)).toEqual(before);
  });

  it('answers a missing or malformed field with the spec’s messages (400)', async () => {
    const before = await settingRows(BANK);
    const missing = await post(BANK, 'company_owner', {});
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors).toEqual({
      notice_is_enabled: [VALIDATION_MESSAGES.required],
      notice_categories: [VALIDATION_MESSAGES.required],
      notice_industry_codes: [VALIDATION_MESSAGES.required],
      notice_area_codes: [VALIDATION_MESSAGES.required],
      notice_channels: [VALIDATION_MESSAGES.required],
    });
    const malformed = await post(
      BANK,
      'company_owner',
      settingForm({ notice_is_enabled: 'true', notice_categories: 'buy', notice_area_codes: { 0: '13' } }),
    );
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.json().errors).toEqual({
      notice_is_enabled: [VALIDATION_MESSAGES.invalidFormat],
      notice_categories: [VALIDATION_MESSAGES.invalidFormat],
      notice_area_codes: [VALIDATION_MESSAGES.invalidFormat],
    });
    const nul = await post(BANK, 'company_owner', settingForm({ notice_categories: ['bu\u0000y'] }));
    expect(nul.statusCode).toBe(400);
    const array = await post(BANK, 'company_owner', [settingForm()]);
    expect(array.statusCode).toBe(400);
    expect(await settingRows(BANK)).toEqual(before);
  });

  it('refuses a company_employee and bank staff with 403 and a visitor with 401, writing nothing', async () => {
    const before = await settingRows(BANK);
    for (const actor of ['company_employee', ...STAFF] as const) {
      const answer = await post(BANK, actor, settingForm());
      expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(403);
      expect(answer.json()).toMatchObject({ status: 'error', message: '権限がありません' });
    }
    expect((await post(BANK, 'visitor', settingForm())).statusCode).toBe(401);
    expect(await settingRows(BANK)).toEqual(before);
  });

  it('takes the company from the login: another company’s or another bank’s setting is never read or written', async () => {
    const ownCompany = await companyOf(BANK, 'company_owner');
    const rowsOfBank = await settingRows(BANK);

    // Bank 0158's owner reads and saves 0158's own setting only, whatever the body names.
    const otherCompany = await companyOf(OTHER_BANK, 'company_owner');
    expect((await get(OTHER_BANK, 'company_owner')).json().result).toEqual(NO_NEED_NOTICE_SETTING);
    const saved = await post(
      OTHER_BANK,
      'company_owner',
      settingForm({ company_id: ownCompany.id, bank_code: BANK, notice_categories: ['rent'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await settingRows(BANK)).toEqual(rowsOfBank);
    expect(await settingRows(OTHER_BANK)).toEqual([
      expect.objectContaining({
        bank_code: OTHER_BANK,
        company_id: otherCompany.id,
        notice_categories: ['rent'],
      }),
    ]);
    expect((await get(BANK, 'company_owner')).json().result.notice_categories).not.toEqual(['rent']);

    // No path takes a company: the calls with one are not there.
    expect((await get(OTHER_BANK, 'company_owner', `${SETTING}/${ownCompany.id}`)).statusCode).toBe(404);
    expect(
      (await post(OTHER_BANK, 'company_owner', settingForm(), `${SAVE}/${ownCompany.code}`)).statusCode,
    ).toBe(404);
    // The 0182 session is void on 0158's host.
    const cookie = await world.cookieOf(BANK, 'company_owner');
    expect((await apiGet(world.app, OTHER_BANK, cookie, SETTING)).statusCode).toBe(401);
  });
});

describe('companiesToNotify', () => {
  /** The bank's demo companies by name (server/db/demo-banks.ts). */
  async function companyIds(code: string): Promise<Map<string, number>> {
    const rows = await world.db.withBank(code, (tx) =>
      tx.select({ id: companies.company_id, name: companies.company_name }).from(companies),
    );
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  let ids: Record<'all' | 'buyer' | 'seller' | 'off' | 'osaka' | 'disabled' | 'silent', number>;
  let otherBankAll: number;

  beforeAll(async () => {
    const byName = await companyIds(BANK);
    const id = (name: string) => {
      const found = byName.get(name);
      if (found === undefined) throw new Error(`no demo company ${name} in ${BANK}`);
      return found;
    };
    ids = {
      all: id('さくら精工株式会社'),
      buyer: id('株式会社みなと食品'),
      seller: id('有限会社あおば建設'),
      off: id('株式会社ひだまり介護サービス'),
      osaka: id('つばめ運輸株式会社'),
      disabled: id('カフェ・ことり'),
      silent: id('株式会社はなみずき工房'),
    };
    const updatedBy = await world.userIdOf(BANK, 'company_owner');
    const setting = (
      companyId: number,
      values: Partial<typeof needNoticeSettings.$inferInsert> = {},
    ): typeof needNoticeSettings.$inferInsert => ({
      company_id: companyId,
      notice_is_enabled: true,
      notice_updated_by: updatedBy,
      ...values,
    });
    await world.db.withBank(BANK, async (tx) => {
      await tx.delete(needNoticeSettings);
      await tx.insert(needNoticeSettings).values([
        setting(ids.all),
        setting(ids.buyer, {
          notice_categories: ['buy'],
          notice_industry_codes: ['09'],
          notice_area_codes: ['13', '14'],
          notice_in_portal: false,
        }),
        setting(ids.seller, { notice_categories: ['sell'] }),
        setting(ids.off, { notice_is_enabled: false }),
        setting(ids.osaka, { notice_area_codes: ['27'], notice_by_mail: false }),
        setting(ids.disabled),
        setting(ids.silent, { notice_by_mail: false, notice_in_portal: false }),
      ]);
      await tx
        .update(companies)
        .set({ company_is_disabled: true })
        .where(eq(companies.company_id, ids.disabled));
    });
    const otherByName = await companyIds(OTHER_BANK);
    otherBankAll = otherByName.get('株式会社みなと食品') ?? 0;
    const otherUpdatedBy = await world.userIdOf(OTHER_BANK, 'company_owner');
    await world.db.withBank(OTHER_BANK, async (tx) => {
      await tx.delete(needNoticeSettings);
      await tx
        .insert(needNoticeSettings)
        .values({ company_id: otherBankAll, notice_is_enabled: true, notice_updated_by: otherUpdatedBy });
    });
  });

  const notify = (code: string, need: Parameters<typeof companiesToNotify>[1]) =>
    world.db.withBank(code, (tx) => companiesToNotify(tx, need));

  it('answers the enabled settings whose every non-empty list holds the need’s value, with their channels', async () => {
    expect(await notify(BANK, { category: 'buy', industryCodes: ['09'], areaCodes: ['14', '27'] })).toEqual(
      [
        { companyId: ids.all, channels: ['mail', 'portal'] },
        { companyId: ids.buyer, channels: ['mail'] },
        { companyId: ids.osaka, channels: ['portal'] },
      ].sort((a, b) => a.companyId - b.companyId),
    );
    // Another industry and no area of Osaka: only the company that wants everything.
    expect(await notify(BANK, { category: 'buy', industryCodes: ['10'], areaCodes: ['13'] })).toEqual([
      { companyId: ids.all, channels: ['mail', 'portal'] },
    ]);
    expect(await notify(BANK, { category: 'sell', industryCodes: [], areaCodes: ['27'] })).toEqual(
      [
        { companyId: ids.all, channels: ['mail', 'portal'] },
        { companyId: ids.seller, channels: ['mail', 'portal'] },
        { companyId: ids.osaka, channels: ['portal'] },
      ].sort((a, b) => a.companyId - b.companyId),
    );
  });

  it('matches a need without areas or classification only to settings without those lists', async () => {
    expect(await notify(BANK, { category: 'buy', industryCodes: [], areaCodes: [] })).toEqual([
      { companyId: ids.all, channels: ['mail', 'portal'] },
    ]);
    expect(await notify(BANK, { category: 'sell', industryCodes: ['09'], areaCodes: [] })).toEqual(
      [ids.all, ids.seller]
        .sort((a, b) => a - b)
        .map((companyId) => ({ companyId, channels: ['mail', 'portal'] })),
    );
  });

  it('leaves out settings turned off or without a channel, disabled companies and the need’s own company', async () => {
    for (const category of NEED_CATEGORIES.map((c) => c.code)) {
      const answered = (await notify(BANK, { category, industryCodes: ['09'], areaCodes: ['13', '27'] })).map(
        (recipient) => recipient.companyId,
      );
      expect(answered).not.toContain(ids.off);
      expect(answered).not.toContain(ids.silent);
      expect(answered).not.toContain(ids.disabled);
      expect(answered).toContain(ids.all);
    }
    const withoutAuthor = await notify(BANK, {
      category: 'buy',
      industryCodes: ['09'],
      areaCodes: ['13'],
      companyId: ids.all,
    });
    expect(withoutAuthor).toEqual([{ companyId: ids.buyer, channels: ['mail'] }]);
  });

  it('answers one bank’s companies only: each bank asks in its own transaction', async () => {
    const need = { category: 'lease', industryCodes: ['09'], areaCodes: ['13'] } as const;
    expect(await notify(OTHER_BANK, need)).toEqual([
      { companyId: otherBankAll, channels: ['mail', 'portal'] },
    ]);
    expect((await notify(BANK, need)).map((recipient) => recipient.companyId)).toEqual([ids.all]);
  });
});
