import { isAdmin } from '#server/contracts/account-types.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useMasterList } from '#client/lib/master-data.ts';

/**
 * The branches a staff search offers (お取引店), as SearchSelect options: every branch of the bank
 * for a system or bank admin, a branch member's own branches (user_branche_codes) for the others.
 */
export function useSearchableBranches(): { value: string; label: string }[] {
  const branches = useMasterList('bank_branches');
  const user = useCurrentUser();
  const searchable =
    !user || isAdmin(user.user_type)
      ? branches
      : branches.filter((branch) => user.user_branches.some((own) => own.bb_id === branch.bb_id));
  return searchable.map((branch) => ({ value: String(branch.bb_id), label: branch.bb_name }));
}
