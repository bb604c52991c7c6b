import { type DraftControl, SearchSelect } from './search-panel.tsx';
import { useSearchableBranches } from './searchable-branches.ts';

/**
 * A staff search's お取引店 (the condition bb_id): すべて or one of the branches this user may
 * search (every branch for an admin, a branch member's own ones for the others).
 */
export function SearchBranchSelect({ id, ...control }: { id: string } & DraftControl) {
  const branches = useSearchableBranches();
  return <SearchSelect id={id} label="お取引店" options={branches} {...control} />;
}
