import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CANCELLED_CHARGE_STATUS,
  CHARGE_HISTORY_MONTHS,
  type CompanyCharge,
  type CompanyDetail,
  type CompanyStatus,
  type CompanyUser,
  LOGIN_SUMMARY_DAYS,
} from '#server/contracts/company-detail.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import type { DbTransaction } from '#server/db/database.ts';
import {
  auditEvents,
  bankBranches,
  companies,
  companyCharges,
  companyPaymentCards,
  companyUnsubscriptions,
  users,
  userTypes,
} from '#server/db/schema.ts';
import { viewersCompanyOfCode } from '../kit/branch-visibility.ts';
import { companyMasterNames } from '../kit/company-master-names.ts';
import { reservationReadColumns } from '../accounts/unsubscription-queries.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';

/**
 * A company's page on the desk in three queries, whatever the company holds: the company with its
 * branch, names, reserved leaving and card; its users with their login summary; its charges.
 */

function statusOf(row: {
  isUnsubscribed: boolean;
  isDisabled: boolean;
  reservedLeaving: boolean;
}): CompanyStatus {
  if (row.isUnsubscribed) return 'unsubscribed';
  if (row.reservedLeaving) return 'unsubscribe_reserved';
  if (row.isDisabled) return 'suspended';
  return 'active';
}

const requester = alias(users, 'requester');

/**
 * The company of that code the staff member may see, with everything of one row: its profile, branch,
 * status, reserved leaving and card; undefined when there is none (or not for them).
 */
export async function findCompanyForDesk(tx: DbTransaction, viewer: StaffViewer, code: string) {
  const [row] = await tx
    .select({
      companyId: companies.company_id,
      company: companies,
      ...companyMasterNames,
      bbCode: bankBranches.bb_code,
      bbName: bankBranches.bb_name,
      unsubscription: reservationReadColumns,
      requesterLastName: requester.user_last_name,
      requesterFirstName: requester.user_first_name,
      cardBrand: companyPaymentCards.card_brand,
      cardLast4: companyPaymentCards.card_last4,
    })
    .from(companies)
    .leftJoin(bankBranches, eq(bankBranches.bb_id, companies.bb_id))
    .leftJoin(companyUnsubscriptions, eq(companyUnsubscriptions.company_id, companies.company_id))
    .leftJoin(requester, eq(requester.user_id, companyUnsubscriptions.requested_by))
    .leftJoin(companyPaymentCards, eq(companyPaymentCards.company_id, companies.company_id))
    .where(viewersCompanyOfCode(viewer, code));
  if (!row) return undefined;
  const { company, unsubscription } = row;
  const profile: CompanyDetail['profile'] = {
    company_unique_code: company.company_unique_code,
    company_name: company.company_name,
    company_name_kana: company.company_name_kana,
    company_type: company.company_type as CompanyDetail['profile']['company_type'],
    company_corporate_number: company.company_corporate_number,
    company_representative_name: company.company_representative_name,
    company_post_code: company.company_post_code,
    company_prefecture_code: company.company_prefecture_code,
    prefecture_name: row.prefectureName,
    company_address1: company.company_address1,
    company_address2: company.company_address2,
    company_address3: company.company_address3,
    company_tel: company.company_tel,
    company_website_url: company.company_website_url,
    industry_major_name: row.industryMajorName,
    industry_middle_name: row.industryMiddleName,
    company_established_on: company.company_established_on,
    company_account_closing_month: company.company_account_closing_month,
    company_employee_count: company.company_employee_count,
    company_enable_ba: company.company_enable_ba,
    company_enable_baportal: company.company_enable_baportal,
    company_created_at: company.company_created_at.toISOString(),
    company_updated_at: company.company_updated_at.toISOString(),
    company_last_used_at: company.company_last_used_at?.toISOString() ?? null,
  };
  const reserved = unsubscription?.reasonCode ? unsubscription : null;
  return {
    companyId: row.companyId,
    profile,
    branch: row.bbCode !== null && row.bbName !== null ? { bb_code: row.bbCode, bb_name: row.bbName } : null,
    status: statusOf({
      isUnsubscribed: company.company_is_unsubscribed,
      isDisabled: company.company_is_disabled,
      reservedLeaving: reserved !== null && reserved.carriedOutAt === null,
    }),
    unsubscription:
      reserved && reserved.leavesOn && reserved.requestedAt
        ? {
            reason_code: reserved.reasonCode ?? '',
            reason_name: reserved.reasonName ?? reserved.reasonCode ?? '',
            note: reserved.note,
            leaves_on: reserved.leavesOn,
            requested_at: reserved.requestedAt.toISOString(),
            requested_by_name:
              row.requesterLastName === null
                ? null
                : `${row.requesterLastName} ${row.requesterFirstName ?? ''}`.trim(),
            carried_out_at: reserved.carriedOutAt?.toISOString() ?? null,
          }
        : null,
    payment_card:
      row.cardBrand !== null && row.cardLast4 !== null
        ? { card_brand: row.cardBrand, card_last4: row.cardLast4 }
        : null,
  } satisfies Omit<CompanyDetail, 'users' | 'charges'> & { companyId: number };
}

/**
 * The company's users, owners first, each with their own logins of the last LOGIN_SUMMARY_DAYS days:
 * the LOGIN rows of the audit trail naming them as target with no staff member acting as them,
 * counted for all the company's users in one grouped subquery.
 */
export async function companyUsersWithLogins(tx: DbTransaction, companyId: number): Promise<CompanyUser[]> {
  const userIdText = sql<string>`${users.user_id}::text`;
  const companyUserIds = tx
    .select({ id: sql<string>`${users.user_id}::text`.as('id') })
    .from(users)
    .where(eq(users.company_id, companyId));
  const logins = tx
    .select({ userId: auditEvents.target_id, logins: count().as('logins') })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'LOGIN'),
        eq(auditEvents.target_type, 'user'),
        inArray(auditEvents.target_id, companyUserIds),
        isNull(auditEvents.impersonator_user_id),
        gte(auditEvents.occurred_at, sql`now() - make_interval(days => ${LOGIN_SUMMARY_DAYS})`),
      ),
    )
    .groupBy(auditEvents.target_id)
    .as('logins');
  const rows = await tx
    .select({
      user_unique_code: users.user_unique_code,
      user_type: users.user_type,
      user_last_name: users.user_last_name,
      user_first_name: users.user_first_name,
      user_login_id: users.user_login_id,
      user_email: users.user_email,
      user_is_disabled: users.user_is_disabled,
      user_last_login_at: users.user_last_login_at,
      recent_login_count: sql<number>`coalesce(${logins.logins}, 0)`.mapWith(Number),
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.code, users.user_type))
    .leftJoin(logins, eq(logins.userId, userIdText))
    .where(eq(users.company_id, companyId))
    .orderBy(asc(userTypes.sort_order), asc(users.user_id));
  return rows.map((row) => ({
    ...row,
    user_type: row.user_type as CompanyUser['user_type'],
    user_last_login_at: row.user_last_login_at?.toISOString() ?? null,
  }));
}

/** The first day of the month `monthsBack` months before the month that begins on `first`. */
function monthBefore(first: string, monthsBack: number): string {
  const [year, month] = first.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The company's charges of this month in Japan and the CHARGE_HISTORY_MONTHS - 1 months before it
 * (and any entered for a month ahead), newest month first, with this month's total.
 */
export async function companyChargeHistory(
  tx: DbTransaction,
  companyId: number,
  now: Date = new Date(),
): Promise<CompanyDetail['charges']> {
  const thisMonth = `${japanDateString(now).slice(0, 7)}-01`;
  const rows = await tx
    .select({
      charge_month: companyCharges.charge_month,
      charge_kind: companyCharges.charge_kind,
      charge_amount: companyCharges.charge_amount,
      charge_status: companyCharges.charge_status,
      charge_note: companyCharges.charge_note,
    })
    .from(companyCharges)
    .where(
      and(
        eq(companyCharges.company_id, companyId),
        gte(companyCharges.charge_month, monthBefore(thisMonth, CHARGE_HISTORY_MONTHS - 1)),
      ),
    )
    .orderBy(desc(companyCharges.charge_month), desc(companyCharges.charge_id));
  const list = rows.map((row) => ({ ...row, charge_kind: row.charge_kind as CompanyCharge['charge_kind'] }));
  const thisMonthTotal = list
    .filter((charge) => charge.charge_month === thisMonth && charge.charge_status !== CANCELLED_CHARGE_STATUS)
    .reduce((total, charge) => total + charge.charge_amount, 0);
  return { this_month: thisMonth, this_month_total: thisMonthTotal, list };
}
