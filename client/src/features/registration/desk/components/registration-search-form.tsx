import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { isAdmin } from '#server/contracts/account-types.ts';
import { type RegistrationConditions, REGISTRATION_STATUSES } from '#server/contracts/registration-desk.ts';
import {
  REGISTRATION_VARIANT_CODES,
  REGISTRATION_VARIANTS,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import { Button } from '#client/components/button/button.tsx';
import { Select, TextInput } from '#client/components/form/form-controls.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useRegistrationStatusName } from './registration-status-tag.tsx';

/** The keyword's longest (the contract's conditions: 100 characters). */
const KEYWORD_MAX_LENGTH = 100;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Control = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  & > label,
  & > legend {
    padding: 0;
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }
`;

const Period = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;

  input {
    flex: 1 1 10em;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  grid-column: 1 / -1;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-content: flex-end;
`;

/** The conditions as the controls hold them: text, '' for "any". */
interface Draft {
  keyword: string;
  status: string;
  variant: string;
  bb_id: string;
  applied_from: string;
  applied_to: string;
}

function draftOf(conditions: RegistrationConditions): Draft {
  return {
    keyword: conditions.keyword ?? '',
    status: conditions.status ?? '',
    variant: conditions.variant ?? '',
    bb_id: conditions.bb_id === undefined ? '' : String(conditions.bb_id),
    applied_from: conditions.applied_from ?? '',
    applied_to: conditions.applied_to ?? '',
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The draft as conditions: an empty control asks for nothing. */
function conditionsOf(draft: Draft): RegistrationConditions {
  const keyword = draft.keyword.trim();
  const branch = Number(draft.bb_id);
  return {
    keyword: keyword === '' ? undefined : keyword,
    status: oneOf(REGISTRATION_STATUSES, draft.status),
    variant: oneOf(REGISTRATION_VARIANT_CODES, draft.variant),
    bb_id: Number.isInteger(branch) && branch > 0 ? branch : undefined,
    applied_from: draft.applied_from || undefined,
    applied_to: draft.applied_to || undefined,
  };
}

/**
 * The variants to search by: those the bank offers (its tenant file), and the one the search in force
 * names should the bank have stopped offering it.
 */
function useSearchableVariants(current: RegistrationVariantCode | undefined) {
  const offered = useAppConfig().registration_variants;
  return REGISTRATION_VARIANT_CODES.filter((code) => offered.includes(code) || code === current).map(
    (code) => REGISTRATION_VARIANTS[code],
  );
}

/** The branches to search by: every branch for an admin, a branch member's own branches. */
function useSearchableBranches() {
  const branches = useMasterList('bank_branches');
  const user = useCurrentUser();
  if (!user || isAdmin(user.user_type)) return branches;
  return branches.filter((branch) => user.user_branches.some((own) => own.bb_id === branch.bb_id));
}

/**
 * The desk's search (admin spec section 7): 状態, 申込種別, お取引店, 申込日 and a keyword (company
 * name, applicant's name or e-mail address, application number). Searching hands the conditions to
 * the page, which keeps them in the URL; クリア goes back to the whole list.
 */
export function RegistrationSearchForm({
  conditions,
  onSearch,
}: {
  /** The search in force (from the URL): the controls start from it. */
  conditions: RegistrationConditions;
  onSearch: (conditions: RegistrationConditions) => void;
}) {
  const statusName = useRegistrationStatusName();
  const variants = useSearchableVariants(conditions.variant);
  const branches = useSearchableBranches();
  const [draft, setDraft] = useState(() => draftOf(conditions));
  // Back, forward or a link changes the search in force: the controls follow it.
  const [shown, setShown] = useState(conditions);
  if (shown !== conditions) {
    setShown(conditions);
    setDraft(draftOf(conditions));
  }
  const set = (name: keyof Draft) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(conditionsOf(draft));
  };

  return (
    <Form role="search" aria-label="検索条件" onSubmit={submit}>
      <Control>
        <label htmlFor="registration-search-status">状態</label>
        <Select
          id="registration-search-status"
          value={draft.status}
          onChange={(event) => set('status')(event.target.value)}
        >
          <option value="">すべて</option>
          {REGISTRATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusName(status)}
            </option>
          ))}
        </Select>
      </Control>
      <Control>
        <label htmlFor="registration-search-variant">申込種別</label>
        <Select
          id="registration-search-variant"
          value={draft.variant}
          onChange={(event) => set('variant')(event.target.value)}
        >
          <option value="">すべて</option>
          {variants.map((variant) => (
            <option key={variant.code} value={variant.code}>
              {variant.title}
            </option>
          ))}
        </Select>
      </Control>
      <Control>
        <label htmlFor="registration-search-branch">お取引店</label>
        <Select
          id="registration-search-branch"
          value={draft.bb_id}
          onChange={(event) => set('bb_id')(event.target.value)}
        >
          <option value="">すべて</option>
          {branches.map((branch) => (
            <option key={branch.bb_id} value={String(branch.bb_id)}>
              {branch.bb_name}
            </option>
          ))}
        </Select>
      </Control>
      <Control as="fieldset">
        <legend>申込日</legend>
        <Period>
          <TextInput
            type="date"
            aria-label="申込日（から）"
            value={draft.applied_from}
            max={draft.applied_to || undefined}
            onChange={(event) => set('applied_from')(event.target.value)}
          />
          <span aria-hidden="true">〜</span>
          <TextInput
            type="date"
            aria-label="申込日（まで）"
            value={draft.applied_to}
            min={draft.applied_from || undefined}
            onChange={(event) => set('applied_to')(event.target.value)}
          />
        </Period>
      </Control>
      <Control>
        <label htmlFor="registration-search-keyword">キーワード</label>
        <TextInput
          id="registration-search-keyword"
          type="search"
          maxLength={KEYWORD_MAX_LENGTH}
          placeholder="企業名・申込者名・メールアドレス・申込番号"
          value={draft.keyword}
          onChange={(event) => set('keyword')(event.target.value)}
        />
      </Control>
      <Actions>
        <Button
          type="button"
          onClick={() => {
            setDraft(draftOf({}));
            onSearch({});
          }}
        >
          クリア
        </Button>
        <Button type="submit" $variant="main">
          検索
        </Button>
      </Actions>
    </Form>
  );
}
