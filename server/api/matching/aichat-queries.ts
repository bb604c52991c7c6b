import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { NeedOffer } from '#server/contracts/aichat.ts';
import type { NeedFields } from '#server/contracts/matching.ts';
import type { NeedCategoryCode } from '#server/contracts/need-categories.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, companyBusinessProfiles, needs, prefectures } from '#server/db/schema.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { viewersCompanyOfCode, withinViewersBranches } from '../kit/branch-visibility.ts';
import type { NeedText, NeedWriterCompany } from './ai/need-writer.ts';
import { insertNewNeed, needFieldColumns, type NeedRow } from './need-queries.ts';
import { businessProfileColumns } from './matching-company-queries.ts';
import { companyMasterNames } from '../kit/company-master-names.ts';

/**
 * AI-assisted needs (decision 0093), each question one function in the call's transaction of the
 * host's bank. Staff reach a company only within their branches (branch-visibility.ts); the
 * company reaches only the offers made to it.
 */

/** The company a draft is written for: what the writer is told, and what the draft's fields start from. */
export interface CompanyToWriteFor {
  companyId: number;
  companyName: string;
  profile: NeedWriterCompany;
  /** The company's JSIC 中分類, if it has one. */
  industryCodes: string[];
  /** The prefectures it works in, else its own prefecture, else none (anywhere). */
  areaCodes: string[];
}

/** The company of that code the staff member may see (their branches' for branch staff), with its profile. */
export async function findCompanyToWriteFor(
  tx: DbTransaction,
  viewer: StaffViewer,
  companyUniqueCode: string,
): Promise<CompanyToWriteFor | undefined> {
  const [row] = await tx
    .select({
      companyId: companies.company_id,
      name: companies.company_name,
      prefectureCode: companies.company_prefecture_code,
      industryMiddleCode: companies.company_industry_middle_code,
      ...companyMasterNames,
      employeeCount: companies.company_employee_count,
      ...businessProfileColumns,
    })
    .from(companies)
    .leftJoin(companyBusinessProfiles, eq(companyBusinessProfiles.company_id, companies.company_id))
    .where(viewersCompanyOfCode(viewer, companyUniqueCode));
  if (!row) return undefined;
  const workedIn = row.areaCodes ?? [];
  const areaNames =
    workedIn.length === 0
      ? []
      : await tx
          .select({ name: prefectures.name })
          .from(prefectures)
          .where(inArray(prefectures.code, workedIn))
          .orderBy(asc(prefectures.code));
  return {
    companyId: row.companyId,
    companyName: row.name,
    profile: {
      name: row.name,
      industry: row.industryMiddleName ?? row.industryMajorName,
      prefecture: row.prefectureName,
      employeeCount: row.employeeCount,
      description: row.description ?? '',
      products: row.products ?? '',
      strengths: row.strengths ?? '',
      areas: areaNames.map((area) => area.name),
    },
    industryCodes: row.industryMiddleCode === null ? [] : [row.industryMiddleCode],
    areaCodes: workedIn.length > 0 ? [...workedIn].sort() : row.prefectureCode ? [row.prefectureCode] : [],
  };
}

/**
 * Stores a draft for the company: private, reaching the bank's companies only, from `today`, not
 * the company's own need until it accepts the offer.
 */
export async function insertNeedDraft(
  tx: DbTransaction,
  company: CompanyToWriteFor,
  userId: number,
  draft: { category: NeedCategoryCode; text: NeedText; today: string },
): Promise<NeedRow> {
  return insertNewNeed(tx, userId, {
    company_id: company.companyId,
    need_title: draft.text.title,
    need_category: draft.category,
    need_industry_codes: company.industryCodes,
    need_area_codes: company.areaCodes,
    need_body: draft.text.body,
    need_period_start: draft.today,
    need_period_end: null,
    need_visibility: 0,
    need_reach: 'bank',
    need_offer_status: 'drafted',
  });
}

/** A need the bank drafted, of a company the staff member may see, locked for the offer. */
export async function lockBankDraft(
  tx: DbTransaction,
  viewer: StaffViewer,
  needUniqueCode: string,
): Promise<{ need: NeedRow; companyName: string } | undefined> {
  const [row] = await tx
    .select({ need: needs, companyName: companies.company_name })
    .from(needs)
    .innerJoin(companies, eq(companies.company_id, needs.company_id))
    .where(
      and(
        eq(needs.need_unique_code, needUniqueCode),
        isNotNull(needs.need_offer_status),
        withinViewersBranches(viewer, companies.bb_id),
      ),
    )
    .for('update', { of: needs });
  return row;
}

export async function markNeedOffered(tx: DbTransaction, needId: number, userId: number): Promise<void> {
  await tx
    .update(needs)
    .set({
      need_offer_status: 'offered',
      need_offered_by: userId,
      need_offered_at: new Date(),
      need_updated_by: userId,
      need_updated_at: new Date(),
    })
    .where(eq(needs.need_id, needId));
}

const offered = (companyId: number) =>
  and(eq(needs.company_id, companyId), eq(needs.need_offer_status, 'offered'));

/** The offers waiting for the company's answer, newest first. */
export async function listWaitingOffers(tx: DbTransaction, companyId: number): Promise<NeedOffer[]> {
  const rows = await tx
    .select()
    .from(needs)
    .where(offered(companyId))
    .orderBy(desc(needs.need_offered_at), desc(needs.need_id));
  return rows.map((row) => ({
    ca_unique_code: row.need_unique_code,
    need_title: row.need_title,
    need_category: row.need_category as NeedCategoryCode,
    need_industry_codes: row.need_industry_codes,
    need_area_codes: row.need_area_codes,
    need_body: row.need_body,
    need_period_start: row.need_period_start,
    need_period_end: row.need_period_end,
    need_visibility: row.need_visibility,
    need_reach: row.need_reach as NeedOffer['need_reach'],
    need_offered_at: (row.need_offered_at ?? row.need_updated_at).toISOString(),
  }));
}

/** The company's waiting offer of that code, locked for its answer. */
export async function lockWaitingOffer(
  tx: DbTransaction,
  companyId: number,
  code: string,
): Promise<NeedRow | undefined> {
  const [row] = await tx
    .select()
    .from(needs)
    .where(and(offered(companyId), eq(needs.need_unique_code, code)))
    .for('update');
  return row;
}

/** The offer becomes the company's own need, with the fields it sent. */
export async function acceptOffer(
  tx: DbTransaction,
  needId: number,
  userId: number,
  fields: NeedFields,
): Promise<NeedRow> {
  const [row] = await tx
    .update(needs)
    .set({
      ...needFieldColumns(fields),
      need_offer_status: 'accepted',
      need_updated_by: userId,
      need_updated_at: new Date(),
    })
    .where(eq(needs.need_id, needId))
    .returning();
  if (!row) throw new Error('UPDATE answered no need');
  return row;
}

export async function declineOffer(tx: DbTransaction, needId: number, userId: number): Promise<void> {
  await tx
    .update(needs)
    .set({ need_offer_status: 'declined', need_updated_by: userId, need_updated_at: new Date() })
    .where(eq(needs.need_id, needId));
}
