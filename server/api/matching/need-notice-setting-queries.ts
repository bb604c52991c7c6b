import { and, arrayOverlaps, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NeedCategoryCode } from '#server/contracts/need-categories.ts';
import {
  NEED_NOTICE_CHANNEL_CODES,
  type NeedNoticeChannel,
  type NeedNoticeSetting,
  type NeedNoticeSettingBody,
  NO_NEED_NOTICE_SETTING,
} from '#server/contracts/need-notice-setting.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies } from '#server/db/schema/companies.ts';
import { needNoticeSettings } from '#server/db/schema/need-notice-settings.ts';

/**
 * A company's need notice setting (need_notice_settings, one row per company) and the question the
 * matching issue asks of all of them: which companies hear of a new need. Every function runs inside
 * the call's transaction of the host's bank: row-level security keeps the bank, so no query names it.
 */

// ---------------------------------------------------------------------------------------------
// The company's own setting

const settingColumns = {
  notice_is_enabled: needNoticeSettings.notice_is_enabled,
  notice_categories: needNoticeSettings.notice_categories,
  notice_industry_codes: needNoticeSettings.notice_industry_codes,
  notice_area_codes: needNoticeSettings.notice_area_codes,
  notice_by_mail: needNoticeSettings.notice_by_mail,
  notice_in_portal: needNoticeSettings.notice_in_portal,
  notice_updated_at: needNoticeSettings.notice_updated_at,
};

type SettingRow = { [K in keyof typeof settingColumns]: (typeof settingColumns)[K]['_']['data'] };

/** The channels a row's two columns name, in the page's order. */
function channelsOf(row: { notice_by_mail: boolean; notice_in_portal: boolean }): NeedNoticeChannel[] {
  const on: Record<NeedNoticeChannel, boolean> = { mail: row.notice_by_mail, portal: row.notice_in_portal };
  return NEED_NOTICE_CHANNEL_CODES.filter((channel) => on[channel]);
}

function settingOf(row: SettingRow): NeedNoticeSetting {
  return {
    notice_is_enabled: row.notice_is_enabled,
    // Only the save writes the column, and it takes the contract's codes only.
    notice_categories: row.notice_categories as NeedCategoryCode[],
    notice_industry_codes: row.notice_industry_codes,
    notice_area_codes: row.notice_area_codes,
    notice_channels: channelsOf(row),
    notice_updated_at: row.notice_updated_at.toISOString(),
  };
}

/** The company's setting; the "no notices" one while it has never saved one. */
export async function findNeedNoticeSetting(
  tx: DbTransaction,
  companyId: number,
): Promise<NeedNoticeSetting> {
  const [row] = await tx
    .select(settingColumns)
    .from(needNoticeSettings)
    .where(eq(needNoticeSettings.company_id, companyId));
  return row ? settingOf(row) : NO_NEED_NOTICE_SETTING;
}

/** Writes the company's setting (made on its first save, replaced whole after); answers it as saved. */
export async function saveNeedNoticeSetting(
  tx: DbTransaction,
  companyId: number,
  body: NeedNoticeSettingBody,
  userId: number,
): Promise<NeedNoticeSetting> {
  const values = {
    notice_is_enabled: body.notice_is_enabled,
    notice_categories: body.notice_categories,
    notice_industry_codes: body.notice_industry_codes,
    notice_area_codes: body.notice_area_codes,
    notice_by_mail: body.notice_channels.includes('mail'),
    notice_in_portal: body.notice_channels.includes('portal'),
    notice_updated_by: userId,
  };
  const [row] = await tx
    .insert(needNoticeSettings)
    .values({ company_id: companyId, ...values })
    .onConflictDoUpdate({
      target: [needNoticeSettings.bank_code, needNoticeSettings.company_id],
      set: { ...values, notice_updated_at: sql`now()` },
    })
    .returning(settingColumns);
  if (!row) throw new Error('INSERT … ON CONFLICT DO UPDATE answered no row for the need notice setting');
  return settingOf(row);
}

// ---------------------------------------------------------------------------------------------
// For the matching issue: who hears of a new need

/** A new need as the notices compare it. */
export interface NoticedNeed {
  category: NeedCategoryCode;
  /** Its JSIC 中分類 codes; a need with none matches only settings without a classification list. */
  industryCodes: readonly string[];
  /** Its prefecture codes; a need with none matches only settings without an area list. */
  areaCodes: readonly string[];
  /** The company that posted it: never told of its own need. */
  companyId?: number;
}

/** A company to tell of a new need, and how (at least one channel). */
export interface NeedNoticeRecipient {
  companyId: number;
  channels: NeedNoticeChannel[];
}

/** A list of the setting that is empty: "any". */
const isEmpty = (list: AnyPgColumn) => sql`cardinality(${list}) = 0`;

/** The setting's list is "any" or holds `value` (null: the need has none, so only "any" fits). */
const anyOrIncludes = (list: AnyPgColumn, value: string | null) =>
  value === null ? isEmpty(list) : or(isEmpty(list), sql`${value} = any(${list})`);

/** The setting's list is "any" or shares a code with `values` (none: only "any" fits). */
const anyOrOverlaps = (list: AnyPgColumn, values: readonly string[]) =>
  values.length === 0 ? isEmpty(list) : or(isEmpty(list), arrayOverlaps(list, [...values]));

/**
 * The companies of the transaction's bank whose enabled setting fits `need`: each of the setting's
 * lists is empty or holds the need's value (its classifications and areas: any code in common), with at least one
 * channel on. Disabled and unsubscribed companies are left out, and so is the need's own company.
 * In company id order.
 *
 * Row-level security limits the answer to one bank: for a need published nationwide, ask once in
 * each taking-part bank's transaction. Read once per new need, it scans the bank's settings (one
 * row per company that saved one), which needs no index of its own.
 */
export async function companiesToNotify(
  tx: DbTransaction,
  need: NoticedNeed,
): Promise<NeedNoticeRecipient[]> {
  const s = needNoticeSettings;
  const rows = await tx
    .select({
      companyId: s.company_id,
      notice_by_mail: s.notice_by_mail,
      notice_in_portal: s.notice_in_portal,
    })
    .from(s)
    .innerJoin(companies, and(eq(companies.bank_code, s.bank_code), eq(companies.company_id, s.company_id)))
    .where(
      and(
        eq(s.notice_is_enabled, true),
        or(eq(s.notice_by_mail, true), eq(s.notice_in_portal, true)),
        eq(companies.company_is_disabled, false),
        eq(companies.company_is_unsubscribed, false),
        need.companyId === undefined ? undefined : ne(s.company_id, need.companyId),
        anyOrIncludes(s.notice_categories, need.category),
        anyOrOverlaps(s.notice_industry_codes, need.industryCodes),
        anyOrOverlaps(s.notice_area_codes, need.areaCodes),
      ),
    )
    .orderBy(asc(s.company_id));
  return rows.map((row) => ({ companyId: row.companyId, channels: channelsOf(row) }));
}
