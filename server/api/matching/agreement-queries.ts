import { and, asc, count, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { pageOffset } from '#server/contracts/paging.ts';
import type { AGREEMENT_STATES } from '#server/contracts/matching-agreement.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { bankBranches, companies, matchingAgreements } from '#server/db/schema.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import { newUniqueCode } from './need-queries.ts';

/**
 * The matching agreement (decision 0092): one row per company once the bank or the company opened
 * its page, agreed when an owner agreed. A company without an agreed row may not send or accept a
 * deal request.
 */

type AgreementRow = typeof matchingAgreements.$inferSelect;
export type AgreementState = (typeof AGREEMENT_STATES)[number];

export async function agreementOfCode(tx: DbTransaction, code: string) {
  const [row] = await tx
    .select({ agreement: matchingAgreements, companyName: companies.company_name })
    .from(matchingAgreements)
    .innerJoin(companies, eq(companies.company_id, matchingAgreements.company_id))
    .where(eq(matchingAgreements.agreement_unique_code, code));
  return row;
}

export async function agreementOfCompany(
  tx: DbTransaction,
  companyId: number,
): Promise<AgreementRow | undefined> {
  const [row] = await tx
    .select()
    .from(matchingAgreements)
    .where(eq(matchingAgreements.company_id, companyId));
  return row;
}

export async function hasAgreed(tx: DbTransaction, companyId: number): Promise<boolean> {
  return (await agreementOfCompany(tx, companyId))?.agreement_agreed_at != null;
}

/** The company's agreement row, made now if it has none (its page's code). */
export async function openAgreement(tx: DbTransaction, companyId: number): Promise<AgreementRow> {
  await tx
    .insert(matchingAgreements)
    .values({ company_id: companyId, agreement_unique_code: newUniqueCode() })
    .onConflictDoNothing();
  const row = await agreementOfCompany(tx, companyId);
  if (!row) throw new Error('the agreement row is missing after its insert');
  return row;
}

export async function agree(tx: DbTransaction, companyId: number, userId: number): Promise<void> {
  await tx
    .update(matchingAgreements)
    .set({ agreement_agreed_by: userId, agreement_agreed_at: new Date() })
    .where(and(eq(matchingAgreements.company_id, companyId), isNull(matchingAgreements.agreement_agreed_at)));
}

const stateOf = sql<AgreementState>`case when ${matchingAgreements.agreement_agreed_at} is not null then 'agreed' when ${matchingAgreements.company_id} is not null then 'waiting' else 'none' end`;

const listColumns = {
  company_unique_code: companies.company_unique_code,
  company_name: companies.company_name,
  bb_name: bankBranches.bb_name,
  state: stateOf,
  requested_at: matchingAgreements.agreement_created_at,
  agreed_at: matchingAgreements.agreement_agreed_at,
};

const stateCondition: Record<AgreementState, SQL> = {
  agreed: isNotNull(matchingAgreements.agreement_agreed_at) as SQL,
  waiting: and(
    isNotNull(matchingAgreements.company_id),
    isNull(matchingAgreements.agreement_agreed_at),
  ) as SQL,
  none: isNull(matchingAgreements.company_id) as SQL,
};

function listBase(tx: DbTransaction, viewer: StaffViewer, where: SQL | undefined) {
  return tx
    .select(listColumns)
    .from(companies)
    .leftJoin(matchingAgreements, eq(matchingAgreements.company_id, companies.company_id))
    .leftJoin(bankBranches, eq(bankBranches.bb_id, companies.bb_id))
    .where(
      and(
        eq(companies.company_is_unsubscribed, false),
        withinViewersBranches(viewer, companies.bb_id),
        where,
      ),
    );
}

/** The bank's companies (the staff member's branches') with where their agreement stands, by name. */
export async function listAgreements(
  tx: DbTransaction,
  viewer: StaffViewer,
  query: { page: number; rows: number; keyword?: string | undefined; state?: string | undefined },
) {
  const where = and(
    query.keyword ? ilike(companies.company_name, containsPattern(query.keyword)) : undefined,
    query.state ? stateCondition[query.state as AgreementState] : undefined,
  );
  const rows = await listBase(tx, viewer, where)
    .orderBy(asc(companies.company_name_kana), asc(companies.company_id))
    .limit(query.rows)
    .offset(pageOffset(query.page, query.rows));
  const [counted] = await tx
    .select({ total: count() })
    .from(companies)
    .leftJoin(matchingAgreements, eq(matchingAgreements.company_id, companies.company_id))
    .where(
      and(
        eq(companies.company_is_unsubscribed, false),
        withinViewersBranches(viewer, companies.bb_id),
        where,
      ),
    );
  return { rows, totalRows: counted?.total ?? 0 };
}

/** One company of the staff member's as the list shows it, by its code; undefined when not theirs. */
export async function agreementListItem(tx: DbTransaction, viewer: StaffViewer, companyCode: string) {
  const [row] = await listBase(tx, viewer, eq(companies.company_unique_code, companyCode));
  return row;
}

export async function companyIdOfCode(tx: DbTransaction, companyCode: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: companies.company_id })
    .from(companies)
    .where(eq(companies.company_unique_code, companyCode));
  return row?.id;
}
