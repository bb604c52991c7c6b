import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { listOwnNeedsCall, NEEDS_PER_COMPANY_MAX, type OwnNeed } from '#server/contracts/matching.ts';
import { ButtonLink } from '#client/components/button/button.tsx';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { PageLeadGroup, PageToolbar } from '#client/components/page/page-text.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useListPage } from '#client/lib/list-search.ts';
import {
  NEED_REACH_SHORT_LABELS,
  NeedCategoryTag,
  needPeriodText,
  NeedPublishTag,
} from '../components/need-display.tsx';
import { NEED_CREATE_PATH, ownNeedPath } from '../matching-paths.ts';
import { NeedOfferPanel } from './need-offer-panel.tsx';

const Title = styled(Link)`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  overflow-wrap: anywhere;
`;

const column = dataColumnHelper<OwnNeed>();

// Module scope: the table's columns are the same on every render.
const NEED_COLUMNS = column.columns([
  column.accessor('need_title', {
    header: 'タイトル',
    meta: { rowHeader: true, minWidth: '14em' },
    cell: (info) => <Title to={ownNeedPath(info.row.original.ca_unique_code)}>{info.getValue()}</Title>,
  }),
  column.accessor('need_category', {
    header: 'カテゴリ',
    meta: { nowrap: true },
    cell: (info) => <NeedCategoryTag code={info.getValue()} />,
  }),
  column.accessor('need_publish_status', {
    header: '公開状況',
    meta: { nowrap: true },
    cell: (info) => <NeedPublishTag status={info.getValue()} />,
  }),
  column.accessor((need) => NEED_REACH_SHORT_LABELS[need.need_reach], {
    id: 'need_reach',
    header: '公開範囲',
    meta: { nowrap: true },
  }),
  column.accessor((need) => needPeriodText(need), {
    id: 'need_period',
    header: '掲載期間',
    meta: { minWidth: '13em' },
  }),
  column.accessor((need) => `${need.need_deal_count}件`, {
    id: 'need_deal_count',
    header: '商談依頼',
    meta: { nowrap: true, align: 'end' },
  }),
  column.accessor((need) => formatJapaneseDate(need.need_updated_at), {
    id: 'need_updated_at',
    header: '更新日',
    meta: { nowrap: true },
  }),
]);

/**
 * /mypage/mybusiness/needs (自社ニーズ): the company's needs, newest change first, with their
 * category, where their days stand, their reach and period, and the deal requests each received;
 * each title opens its edit page, and 新しいニーズを登録する starts one (until the company's limit).
 * Above them, the needs the bank offered the company, waiting for its answer.
 */
export function OwnNeedListPage() {
  const { turnPage, rows } = useListPage(listOwnNeedsCall);
  const { data, isError, isPending, isPlaceholderData } = rows;

  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;

  const count = data.paging_data.total_rows;
  const full = count >= NEEDS_PER_COMPANY_MAX;
  return (
    <>
      <PageLeadGroup>
        <p>
          自社が売りたいもの・買いたいもの・借りたいもの・貸したいもの・作ってほしいものを「ニーズ」として掲載し、ほかの企業からの商談依頼を受けられます。
        </p>
        <p>公開にしたニーズは、掲載期間のあいだ「ニーズを探す」に表示されます。</p>
      </PageLeadGroup>
      <NeedOfferPanel />
      <PageToolbar $spread>
        <p>
          登録数 {count} / {NEEDS_PER_COMPANY_MAX}件
        </p>
        {full ? (
          <p role="status">登録できる上限に達しています。不要なニーズを削除してから登録してください。</p>
        ) : (
          <ButtonLink as={Link} to={NEED_CREATE_PATH} $variant="main">
            新しいニーズを登録する
          </ButtonLink>
        )}
      </PageToolbar>
      <DataTable
        caption="登録済みのニーズ"
        captionHidden
        columns={NEED_COLUMNS}
        data={data.list}
        getRowId={(need) => need.ca_unique_code}
        emptyMessage="登録済みのニーズはありません。"
        busy={isPlaceholderData}
      />
      <TablePager paging={data.paging_data} onChange={turnPage} />
    </>
  );
}
