import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewedServiceOffer, ServiceOfferStatus } from '#server/contracts/service-offer.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies, serviceOffers, users } from '#server/db/schema.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import { countOffersWithCompany, type ServiceOfferRow, serviceOfferOf } from './coupon-queries.ts';

/**
 * The bank's review desk (/admin/xba/cso): the offers of the bank's companies (row-level security
 * keeps the bank), for branch staff those of their branches' companies only, and the decisions.
 */

const reviewer = alias(users, 'reviewer');

const deskColumns = {
  offer: serviceOffers,
  company_unique_code: companies.company_unique_code,
  company_name: companies.company_name,
  bb_name: bankBranches.bb_name,
  reviewer_last_name: reviewer.user_last_name,
  reviewer_first_name: reviewer.user_first_name,
};

interface DeskRow {
  offer: ServiceOfferRow;
  company_unique_code: string;
  company_name: string;
  bb_name: string | null;
  reviewer_last_name: string | null;
  reviewer_first_name: string | null;
}

function reviewedOfferOf(row: DeskRow, today: string): ReviewedServiceOffer {
  return {
    ...serviceOfferOf(row.offer, today),
    company_unique_code: row.company_unique_code,
    company_name: row.company_name,
    bb_name: row.bb_name,
    cso_reviewer_name:
      row.reviewer_last_name === null
        ? null
        : `${row.reviewer_last_name} ${row.reviewer_first_name ?? ''}`.trim(),
  };
}

/** The desk's rows: each offer with its company, the company's branch and who decided last. */
function deskQuery(tx: DbTransaction, where: SQL | undefined) {
  return tx
    .select(deskColumns)
    .from(serviceOffers)
    .innerJoin(companies, eq(companies.company_id, serviceOffers.company_id))
    .leftJoin(bankBranches, eq(bankBranches.bb_id, companies.bb_id))
    .leftJoin(reviewer, eq(reviewer.user_id, serviceOffers.cso_reviewed_by))
    .where(where);
}

/** A page of the offers the staff member may see, those in review first, then the latest changed. */
export async function listServiceOffersForReview(
  tx: DbTransaction,
  viewer: StaffViewer,
  search: { status?: ServiceOfferStatus | undefined; page: number; rows: number },
  today: string,
): Promise<{ list: ReviewedServiceOffer[]; totalRows: number }> {
  const where = and(
    withinViewersBranches(viewer, companies.bb_id),
    search.status === undefined ? undefined : eq(serviceOffers.cso_status, search.status),
  );
  const rows = await deskQuery(tx, where)
    .orderBy(
      desc(sql`${serviceOffers.cso_status} = 'REVIEWING'`),
      desc(serviceOffers.cso_updated_at),
      desc(serviceOffers.cso_id),
    )
    .limit(search.rows)
    .offset((search.page - 1) * search.rows);
  const totalRows = await countOffersWithCompany(tx, where);
  return { list: rows.map((row) => reviewedOfferOf(row, today)), totalRows };
}

/** The offer of that code, if the staff member may see it. */
export async function findServiceOfferForReview(
  tx: DbTransaction,
  viewer: StaffViewer,
  code: string,
  today: string,
): Promise<ReviewedServiceOffer | undefined> {
  const [row] = await deskQuery(
    tx,
    and(eq(serviceOffers.cso_unique_code, code), withinViewersBranches(viewer, companies.bb_id)),
  );
  return row && reviewedOfferOf(row, today);
}

export interface ServiceOfferDecision {
  status: 'APPROVED' | 'DISAPPROVAL';
  /** The statuses the offer may be in for this decision. */
  from: readonly ServiceOfferStatus[];
  note: string | null;
  /** cso_updated_at as the desk read it: a later change of the offer voids the decision. */
  seenUpdatedAt: Date;
  reviewerUserId: number;
}

/**
 * Records the bank's decision on the offer of that code, if it is still as the desk read it and in
 * a status the decision applies to: 'decided', else why not ('missing', 'changed', 'not_decidable').
 * The check and the change are one UPDATE, so of two decisions at once the second finds the offer
 * changed.
 */
export async function decideServiceOffer(
  tx: DbTransaction,
  code: string,
  decision: ServiceOfferDecision,
): Promise<'decided' | 'missing' | 'changed' | 'not_decidable'> {
  const now = new Date();
  const seen = decision.seenUpdatedAt.toISOString();
  // Milliseconds: what the answer's ISO time carries (every write stamps the application's clock).
  const unchangedSince = sql`date_trunc('milliseconds', ${serviceOffers.cso_updated_at}) = ${seen}::timestamptz`;
  const [decided] = await tx
    .update(serviceOffers)
    .set({
      cso_status: decision.status,
      cso_review_note: decision.note,
      cso_reviewed_by: decision.reviewerUserId,
      cso_reviewed_at: now,
      cso_updated_at: now,
    })
    .where(
      and(
        eq(serviceOffers.cso_unique_code, code),
        inArray(serviceOffers.cso_status, [...decision.from]),
        unchangedSince,
      ),
    )
    .returning({ id: serviceOffers.cso_id });
  if (decided) return 'decided';
  const [current] = await tx
    .select({ status: serviceOffers.cso_status, unchanged: sql<boolean>`${unchangedSince}` })
    .from(serviceOffers)
    .where(eq(serviceOffers.cso_unique_code, code));
  if (!current) return 'missing';
  return current.unchanged ? 'not_decidable' : 'changed';
}
