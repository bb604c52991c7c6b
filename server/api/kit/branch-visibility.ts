import { and, type AnyColumn, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isAdmin } from '#server/contracts/account-types.ts';
import { bankBranches } from '#server/db/schema/bank-branches.ts';
import { companies } from '#server/db/schema/companies.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';

/**
 * What a staff member may see of the bank's companies and what belongs to them (admin spec section
 * 1: branch admins and branch users are limited to their branches, user_branche_codes): nothing to
 * add for system and bank admins (undefined), else the rows whose branch column is one of theirs —
 * none when they have no branch. The bank itself is row-level security's.
 */
export function withinViewersBranches(viewer: StaffViewer, branchIdColumn: AnyColumn): SQL | undefined {
  if (isAdmin(viewer.userType)) return undefined;
  if (viewer.branchCodes.length === 0) return sql`false`;
  return inArray(
    branchIdColumn,
    sql`(select ${bankBranches.bb_id} from ${bankBranches} where ${inArray(bankBranches.bb_code, [...viewer.branchCodes])})`,
  );
}

/** The bank's company of that code, when the staff member may see it (a query over companies). */
export function viewersCompanyOfCode(viewer: StaffViewer, companyUniqueCode: string): SQL {
  return and(
    eq(companies.company_unique_code, companyUniqueCode),
    withinViewersBranches(viewer, companies.bb_id),
  )!;
}
