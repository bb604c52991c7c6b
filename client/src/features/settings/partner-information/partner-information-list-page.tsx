import { Link } from '#client/lib/router/index.ts';
import {
  listPartnerInformationSettingsCall,
  PARTNER_INFORMATION_SETTING_MESSAGES,
  type PartnerInformationSettingItem,
} from '#server/contracts/partner-information-setting.ts';
import { ButtonLink } from '#client/components/button/button.tsx';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { TitleLinkCell } from '#client/components/table/title-link-cell.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { PageLead, PageToolbar } from '#client/components/page/page-text.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useListPage } from '#client/lib/list-search.ts';
import { NEW_PARTNER_INFORMATION_ID, partnerInformationEditPath } from './partner-information-paths.ts';
import { PartnerInformationStatusTag, publicationPeriodText } from './partner-information-status.tsx';

const column = dataColumnHelper<PartnerInformationSettingItem>();

// Module scope: DataTable wants its columns stable.
const COLUMNS = column.columns([
  column.accessor('article_title', {
    header: 'タイトル',
    meta: { rowHeader: true, minWidth: '14em' },
    cell: (info) => {
      const item = info.row.original;
      // The bank's reason, under the title of the item it disapproved.
      return (
        <TitleLinkCell
          to={partnerInformationEditPath(item.article_id)}
          title={info.getValue()}
          note={item.pi_review_note === null ? undefined : `否認の理由: ${item.pi_review_note}`}
          noteTone="danger"
        />
      );
    },
  }),
  column.accessor('pi_status', {
    header: '審査状況',
    meta: { nowrap: true },
    cell: (info) => <PartnerInformationStatusTag status={info.getValue()} />,
  }),
  column.accessor((item) => publicationPeriodText(item), {
    id: 'period',
    header: '公開期間',
    meta: { minWidth: '12em' },
  }),
  column.accessor((item) => formatJapaneseDateTime(item.article_updated_at), {
    id: 'updated',
    header: '更新日時',
    meta: { nowrap: true },
  }),
]);

/**
 * /mypage/setting/information: the partner company's own partner information, the latest change
 * first, with the bank's review status (the master's words), the publication period and the time of
 * the last change, paged; a disapproved item shows the bank's reason under its title. Each title
 * opens its page; 新規作成 starts a new item.
 */
export function PartnerInformationListPage() {
  const { turnPage, rows } = useListPage(listPartnerInformationSettingsCall);
  const { data, isError, isPending, isPlaceholderData } = rows;

  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;

  return (
    <>
      <PageLead>{PARTNER_INFORMATION_SETTING_MESSAGES.reviewNotice}</PageLead>
      <PageToolbar>
        <ButtonLink as={Link} to={partnerInformationEditPath(NEW_PARTNER_INFORMATION_ID)} $variant="main">
          新規作成
        </ButtonLink>
      </PageToolbar>
      <DataTable
        caption="自社のパートナー情報"
        captionHidden
        columns={COLUMNS}
        data={data.list}
        getRowId={(item) => String(item.article_id)}
        emptyMessage="登録したパートナー情報はありません。"
        busy={isPlaceholderData}
      />
      <TablePager paging={data.paging_data} onChange={turnPage} />
    </>
  );
}
