import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import type * as z from 'zod/mini';
import {
  AGREEMENT_MESSAGES,
  AGREEMENT_STATE_LABELS,
  AGREEMENT_STATES,
  type agreementListItemSchema,
  listAgreementsCall,
  requestAgreementCall,
} from '#server/contracts/matching-agreement.ts';
import { Button } from '#client/components/button/button.tsx';
import {
  SearchKeyword,
  SearchPanel,
  SearchSelect,
  useSearchDraft,
} from '#client/components/admin/search-panel.tsx';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { PageLead } from '#client/components/page/page-text.ts';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';
import { dataColumnHelper } from '#client/components/table/data-table.tsx';
import { MutedText } from '#client/components/page/page-text.ts';
import { useListPage } from '#client/lib/list-search.ts';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { formatStaffDay } from '../admin/staff-matching-display.ts';
import { staffCompanyPath } from '../admin/staff-company-path.ts';

type AgreementItem = z.infer<typeof agreementListItemSchema>;
type AgreementState = AgreementItem['state'];

const STATE_TONES: Record<AgreementState, StatusTone> = {
  agreed: 'success',
  waiting: 'plain',
  none: 'muted',
};
const STATE_OPTIONS = AGREEMENT_STATES.map((state) => ({
  value: state,
  label: AGREEMENT_STATE_LABELS[state],
}));

const RowButton = styled(Button)`
  min-height: 36px;
  padding-block: ${({ theme }) => theme.spacing.xs};
  white-space: nowrap;
`;

interface Draft {
  keyword: string;
  state: string;
}
interface Conditions {
  keyword?: string;
  state?: AgreementState;
}
const draftOf = (conditions: Partial<Conditions>): Draft => ({
  keyword: conditions.keyword ?? '',
  state: conditions.state ?? '',
});
const conditionsOf = (draft: Draft): Conditions => ({
  keyword: draft.keyword.trim() || undefined,
  state: AGREEMENT_STATES.find((state) => state === draft.state),
});

const column = dataColumnHelper<AgreementItem>();

// Module scope: the table's columns are the same on every render.
const COLUMNS = column.columns([
  column.accessor('company_name', {
    header: '企業名',
    meta: { rowHeader: true, minWidth: '12em' },
    cell: (info) => (
      <Link to={staffCompanyPath(info.row.original.company_unique_code)}>{info.getValue()}</Link>
    ),
  }),
  column.accessor('bb_name', {
    header: 'お取引店',
    meta: { minWidth: '6em' },
    cell: (info) => info.getValue() ?? <MutedText>—</MutedText>,
  }),
  column.accessor('state', {
    header: '同意状況',
    meta: { nowrap: true },
    cell: (info) => (
      <StatusTag $tone={STATE_TONES[info.getValue()]}>{AGREEMENT_STATE_LABELS[info.getValue()]}</StatusTag>
    ),
  }),
  column.accessor((item) => formatStaffDay(item.requested_at), {
    id: 'requested_at',
    header: '依頼日',
    meta: { nowrap: true },
  }),
  column.accessor((item) => formatStaffDay(item.agreed_at), {
    id: 'agreed_at',
    header: '同意日',
    meta: { nowrap: true },
  }),
  column.display({
    id: 'request',
    header: '操作',
    meta: { nowrap: true },
    cell: (info) =>
      info.row.original.state === 'agreed' ? (
        <MutedText>—</MutedText>
      ) : (
        <RequestButton item={info.row.original} />
      ),
  }),
]);

/**
 * /admin/ncba/bm (ビジネスマッチング契約): whether each company of the bank has agreed to the matching
 * terms (同意済み), was asked and has not yet (同意待ち), or was never asked (未依頼); searched by the
 * company's name and the state, paged, the search in the URL. 同意を依頼 mails the company's owners
 * the link to its agreement page (again, for one already asked). Branch staff see their branches'.
 */
export function AgreementListPage() {
  const { search, change, turnPage, rows } = useListPage(listAgreementsCall);
  const conditions = useMemo<Conditions>(
    () => ({ keyword: search.keyword, state: search.state || undefined }),
    [search],
  );
  const draft = useSearchDraft(conditions, {
    draftOf,
    conditionsOf,
    onSearch: (next) => change({ keyword: next.keyword, state: next.state }),
  });
  return (
    <ListPageFrame
      search={
        <>
          <PageLead>
            ビジネスマッチングで商談を始めるには、企業の代表者による利用規約への同意が必要です。同意を依頼すると、企業の代表者に同意ページのリンクをメールで送ります。
          </PageLead>
          <SearchPanel onSearch={draft.search} onClear={draft.clear}>
            <SearchKeyword
              id="agreement-keyword"
              maxLength={100}
              placeholder="企業名"
              {...draft.control('keyword')}
            />
            <SearchSelect
              id="agreement-state"
              label="同意状況"
              options={STATE_OPTIONS}
              {...draft.control('state')}
            />
          </SearchPanel>
        </>
      }
      query={rows}
      table={{
        caption: 'ビジネスマッチング契約の一覧',
        captionHidden: true,
        columns: COLUMNS,
        getRowId: (item) => item.company_unique_code,
      }}
      onPage={turnPage}
    />
  );
}

/** 同意を依頼 (再依頼 for a company already asked): the mail goes, and the list loads again. */
function RequestButton({ item }: { item: AgreementItem }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run, sending } = useCommand();
  const request = () =>
    run(
      () =>
        saveCall(api, requestAgreementCall, { params: { company_unique_code: item.company_unique_code } }),
      {
        done: AGREEMENT_MESSAGES.requested,
        after: () => queryClient.invalidateQueries({ queryKey: [listAgreementsCall.domain] }),
      },
    );
  const label = item.state === 'waiting' ? '同意を再依頼' : '同意を依頼';
  return (
    <RowButton
      type="button"
      disabled={sending}
      aria-label={`${item.company_name}に${label}`}
      onClick={() => void request()}
    >
      {label}
    </RowButton>
  );
}
