import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  type Deal,
  type DealSide,
  DEAL_STATUSES,
  listReceivedDealsCall,
  listSentDealsCall,
} from '#server/contracts/matching-deals.ts';
import { Select } from '#client/components/form/form-controls.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { PageLead } from '#client/components/page/page-text.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useListPage } from '#client/lib/list-search.ts';
import { type DealLabels, UnrepliedMark, useDealLabels } from '../components/deal-display.tsx';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { dealStateColumns } from '../components/deal-state-columns.tsx';
import { NeedCategoryTag } from '../components/need-display.tsx';
import { dealDetailPath } from '../matching-paths.ts';

const LISTS = {
  sender: {
    call: listSentDealsCall,
    lead: 'ほかの企業のニーズに送った商談依頼です。商談を開くと、相手の企業とのやりとりを確認できます。',
    caption: '送った商談依頼',
    empty: 'まだ商談依頼を送っていません。',
  },
  receiver: {
    call: listReceivedDealsCall,
    lead: '自社のニーズに届いた商談依頼です。商談を開いて、返信・承諾・辞退ができます。',
    caption: '受けた商談依頼',
    empty: '自社のニーズに届いた商談依頼はありません。',
  },
} as const;

const Filter = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.spacing.md};

  label {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  select {
    width: auto;
    min-width: 12em;
  }
`;

const Title = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.spacing.xs};

  a {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
    overflow-wrap: anywhere;
  }
`;

const Marks = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Counterpart = styled.div`
  display: grid;

  span:last-child {
    font-size: ${({ theme }) => theme.typography.fontSizeSmall};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const column = dataColumnHelper<Deal>();

function dealColumns(labels: DealLabels, side: DealSide) {
  return column.columns([
    column.accessor('need_title', {
      header: 'ニーズ',
      meta: { rowHeader: true, minWidth: '14em' },
      cell: (info) => {
        const deal = info.row.original;
        return (
          <Title>
            <Link to={dealDetailPath(side, deal.cmh_unique_code)}>{info.getValue()}</Link>
            <Marks>
              <NeedCategoryTag code={deal.need_category} />
              <UnrepliedMark count={deal.cmh_unreplied_count} />
            </Marks>
          </Title>
        );
      },
    }),
    column.accessor('counterpart_company_name', {
      header: side === 'sender' ? '依頼先の企業' : '依頼元の企業',
      meta: { minWidth: '10em' },
      cell: (info) => (
        <Counterpart>
          <span>{info.getValue()}</span>
          <span>{info.row.original.counterpart_bank_name}</span>
        </Counterpart>
      ),
    }),
    ...dealStateColumns<Deal>(labels),
    column.accessor((deal) => formatJapaneseDateTime(deal.cmh_updated_at), {
      id: 'cmh_updated_at',
      header: '更新日時',
      meta: { nowrap: true },
    }),
  ]);
}

/**
 * /mypage/matching/history (商談依頼履歴: the deal requests the company sent) and
 * /mypage/matching/received_history (商談管理: those its needs received): the counterpart and its
 * bank, the need, the request type, the status and the counterpart's messages not yet answered,
 * newest change first, filtered by status and paged in the URL. Each need's title opens the deal.
 */
export function DealListPage({ side }: { side: DealSide }) {
  const list = LISTS[side];
  const { search, change, turnPage, rows } = useListPage(list.call);
  const labels = useDealLabels();
  const columns = useMemo(() => dealColumns(labels, side), [labels, side]);
  const { data, isError, isPending, isPlaceholderData } = rows;

  return (
    <>
      <PageLead>{list.lead}</PageLead>
      <Filter>
        <label htmlFor="deal-status-filter">状況</label>
        <Select
          id="deal-status-filter"
          value={search.status ?? ''}
          onChange={(event) => {
            const status = DEAL_STATUSES.find((value) => value === event.target.value);
            change({ status });
          }}
        >
          <option value="">すべて</option>
          {DEAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {labels.statusName(status)}
            </option>
          ))}
        </Select>
      </Filter>
      {isError && <LoadFailedNotice />}
      {isPending && <LoadingNotice />}
      {data && (
        <>
          <DataTable
            caption={list.caption}
            captionHidden
            columns={columns}
            data={data.list}
            getRowId={(deal) => deal.cmh_unique_code}
            emptyMessage={search.status ? '該当する商談はありません。' : list.empty}
            busy={isPlaceholderData}
          />
          <TablePager paging={data.paging_data} onChange={turnPage} />
        </>
      )}
    </>
  );
}
