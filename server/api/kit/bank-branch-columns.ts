import { bankBranches } from '#server/db/schema/bank-branches.ts';

/** A branch as the calls answer it (bankBranchSchema in server/contracts/logged-in-user.ts). */
export const bankBranchColumns = {
  bb_id: bankBranches.bb_id,
  bb_code: bankBranches.bb_code,
  bb_unique_code: bankBranches.bb_unique_code,
  bb_name: bankBranches.bb_name,
};
