import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { pageOffset } from '#server/contracts/paging.ts';
import type { RegistrationConditions, RegistrationListItem } from '#server/contracts/registration-desk.ts';
import {
  REGISTRATION_VARIANTS,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies, companyRegistrations } from '#server/db/schema.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';

/** A day in Japan (YYYY-MM-DD) as the instant it begins. */
const japanDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Tokyo')`;

function matching(viewer: StaffViewer, conditions: RegistrationConditions): SQL | undefined {
  const keyword = conditions.keyword?.trim();
  return and(
    withinViewersBranches(viewer, companyRegistrations.bb_id),
    conditions.status ? eq(companyRegistrations.cr_status, conditions.status) : undefined,
    conditions.variant ? eq(companyRegistrations.cr_variant, conditions.variant) : undefined,
    conditions.bb_id ? eq(companyRegistrations.bb_id, conditions.bb_id) : undefined,
    conditions.applied_from
      ? gte(companyRegistrations.cr_created_at, japanDayStart(conditions.applied_from))
      : undefined,
    conditions.applied_to
      ? lt(
          companyRegistrations.cr_created_at,
          sql`${japanDayStart(conditions.applied_to)} + interval '1 day'`,
        )
      : undefined,
    keyword
      ? or(
          ilike(companyRegistrations.cr_company_name, containsPattern(keyword)),
          ilike(companyRegistrations.cr_applicant_name, containsPattern(keyword)),
          ilike(companyRegistrations.cr_applicant_email, containsPattern(keyword)),
          eq(companyRegistrations.cr_unique_code, keyword),
        )
      : undefined,
  );
}

/** The branch an application chose (the list and the detail both show its name). */
const branchOfApplication = eq(bankBranches.bb_id, companyRegistrations.bb_id);

const listColumns = {
  cr_unique_code: companyRegistrations.cr_unique_code,
  cr_variant: companyRegistrations.cr_variant,
  cr_status: companyRegistrations.cr_status,
  cr_company_name: companyRegistrations.cr_company_name,
  cr_applicant_name: companyRegistrations.cr_applicant_name,
  bb_id: companyRegistrations.bb_id,
  bb_name: bankBranches.bb_name,
  cr_created_at: companyRegistrations.cr_created_at,
  cr_decided_at: companyRegistrations.cr_decided_at,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] | null };

function listItemOf(row: ListRow): RegistrationListItem {
  const variant = REGISTRATION_VARIANTS[row.cr_variant as RegistrationVariantCode];
  return {
    cr_unique_code: row.cr_unique_code ?? '',
    cr_variant: variant.code,
    variant_title: variant.title,
    cr_status: row.cr_status as RegistrationListItem['cr_status'],
    cr_company_name: row.cr_company_name ?? '',
    cr_applicant_name: row.cr_applicant_name ?? '',
    bb_id: row.bb_id,
    bb_name: row.bb_name,
    cr_created_at: row.cr_created_at?.toISOString() ?? '',
    cr_decided_at: row.cr_decided_at?.toISOString() ?? null,
  };
}

/** A page of the applications the staff member may see, newest first, and how many there are. */
export async function searchRegistrations(
  tx: DbTransaction,
  viewer: StaffViewer,
  conditions: RegistrationConditions,
  paging: { page: number; rows: number },
) {
  const where = matching(viewer, conditions);
  const [total] = await tx.select({ rows: count() }).from(companyRegistrations).where(where);
  const rows = await tx
    .select(listColumns)
    .from(companyRegistrations)
    .leftJoin(bankBranches, branchOfApplication)
    .where(where)
    .orderBy(desc(companyRegistrations.cr_created_at), desc(companyRegistrations.cr_id))
    .limit(paging.rows)
    .offset(pageOffset(paging.page, paging.rows));
  return { list: rows.map(listItemOf), totalRows: total?.rows ?? 0 };
}

/** One application with everything it holds, for the admins' detail page. */
export async function registrationDetail(tx: DbTransaction, code: string) {
  const [row] = await tx
    .select({
      ...listColumns,
      cr_applicant_email: companyRegistrations.cr_applicant_email,
      values: companyRegistrations.cr_values,
      cr_agreed_at: companyRegistrations.cr_agreed_at,
      cr_reject_reason: companyRegistrations.cr_reject_reason,
      company_unique_code: companies.company_unique_code,
    })
    .from(companyRegistrations)
    .leftJoin(bankBranches, branchOfApplication)
    .leftJoin(companies, eq(companies.company_id, companyRegistrations.company_id))
    .where(eq(companyRegistrations.cr_unique_code, code));
  if (!row) return undefined;
  return {
    ...listItemOf(row),
    cr_applicant_email: row.cr_applicant_email,
    values: row.values,
    cr_agreed_at: row.cr_agreed_at.toISOString(),
    cr_reject_reason: row.cr_reject_reason,
    company_unique_code: row.company_unique_code,
  };
}
