import { Link } from '#client/lib/router/index.ts';
import { isAdmin } from '#server/contracts/account-types.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { type Campaign, listCampaignsCall } from '#server/contracts/matching-campaigns.ts';
import { ButtonLink } from '#client/components/button/button.tsx';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';
import { dataColumnHelper } from '#client/components/table/data-table.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useListPage } from '#client/lib/list-search.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { formatStaffDay } from '../admin/staff-matching-display.ts';
import { campaignEditPath, NEW_CAMPAIGN_ID } from './matching-desk-paths.ts';

/** Where a campaign's days stand today (in Japan). */
type CampaignPhase = 'before' | 'running' | 'after';
const PHASE_LABELS: Record<CampaignPhase, string> = { before: '開催前', running: '開催中', after: '終了' };
const PHASE_TONES: Record<CampaignPhase, StatusTone> = {
  before: 'plain',
  running: 'success',
  after: 'muted',
};

function phaseOf(campaign: Campaign, today: string): CampaignPhase {
  if (today < campaign.campaign_start) return 'before';
  if (today > campaign.campaign_end) return 'after';
  return 'running';
}

const column = dataColumnHelper<Campaign>();

// Module scope: the table's columns are the same on every render.
const COLUMNS = column.columns([
  column.accessor('campaign_title', {
    header: 'タイトル',
    meta: { rowHeader: true, minWidth: '14em' },
    cell: (info) => (
      <Link to={campaignEditPath(info.row.original.campaign_unique_code)}>{info.getValue()}</Link>
    ),
  }),
  column.accessor((campaign) => phaseOf(campaign, japanDateString()), {
    id: 'phase',
    header: '状況',
    meta: { nowrap: true },
    cell: (info) => (
      <StatusTag $tone={PHASE_TONES[info.getValue()]}>{PHASE_LABELS[info.getValue()]}</StatusTag>
    ),
  }),
  column.accessor(
    (campaign) => `${formatStaffDay(campaign.campaign_start)}〜${formatStaffDay(campaign.campaign_end)}`,
    { id: 'period', header: '開催期間', meta: { nowrap: true } },
  ),
  column.accessor((campaign) => `${campaign.campaign_need_codes.length}件`, {
    id: 'needs',
    header: '掲載ニーズ',
    meta: { nowrap: true, align: 'end' },
  }),
  column.accessor((campaign) => formatStaffDay(campaign.campaign_updated_at), {
    id: 'updated',
    header: '更新日',
    meta: { nowrap: true },
  }),
]);

/**
 * /admin/matching/campaign (マッチングキャンペーン): the bank's campaigns, the latest start first,
 * with where each stands today; a title opens its edit page. System and bank admins only, as the
 * API says: anyone else gets the 403 page.
 */
export function CampaignListPage() {
  const user = useCurrentUser();
  if (!isAdmin(user?.user_type)) throw new HttpError(403);
  return <CampaignList />;
}

function CampaignList() {
  const { turnPage, rows } = useListPage(listCampaignsCall);
  return (
    <ListPageFrame
      toolbarNote="開催期間中のキャンペーンは、企業の「キャンペーン」ページに掲載ニーズとともに表示されます。"
      actions={
        <ButtonLink as={Link} to={campaignEditPath(NEW_CAMPAIGN_ID)} $variant="main">
          新しいキャンペーンを作成
        </ButtonLink>
      }
      query={rows}
      table={{
        caption: 'マッチングキャンペーンの一覧',
        captionHidden: true,
        columns: COLUMNS,
        getRowId: (campaign) => campaign.campaign_unique_code,
        emptyMessage: 'キャンペーンはまだありません。',
      }}
      onPage={turnPage}
    />
  );
}
