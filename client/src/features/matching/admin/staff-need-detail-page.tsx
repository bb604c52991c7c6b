import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { NEED_REACH_LABELS, NEED_VISIBILITY_LABELS } from '#server/contracts/matching.ts';
import { getStaffNeedCall, type StaffNeedDetail } from '#server/contracts/matching-staff.ts';
import { FactList } from '#client/components/fact-list.tsx';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { InlineGroup, PageStack } from '#client/components/page/page-text.ts';
import { PageSection } from '#client/components/page/page-text.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useDealLabels } from '../components/deal-display.tsx';
import { RecordView, useRecordCode } from '#client/components/detail/record-view.tsx';
import { dealStateColumns } from '../components/deal-state-columns.tsx';
import {
  ANY_AREA_TEXT,
  ANY_INDUSTRY_TEXT,
  NeedCategoryTag,
  NeedPublishTag,
  needPeriodText,
  useNeedPlaceNames,
} from '../components/need-display.tsx';
import { formatStaffDay } from './staff-matching-display.ts';
import {
  STAFF_MATCHING_CODE_PATTERN,
  STAFF_NEEDS_LABEL,
  STAFF_NEEDS_PATH,
  staffDealDetailPath,
} from './staff-matching-paths.ts';
import { staffCompanyPath } from './staff-company-path.ts';

const Body = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Back = styled.p`
  margin: 0;
`;

type NeedDeal = StaffNeedDetail['deals'][number];
const column = dataColumnHelper<NeedDeal>();

/**
 * /admin/company/needs/detail/{id} (id: the need's ca_unique_code): a need of the bank's company as
 * its staff read it — the company and its branch, the need's fields and where its days stand, and
 * the deal requests it received (a company of another bank by the public name the deal kept). A
 * need of another bank, or of a company outside a branch member's branches, is the 404 page.
 */
export function StaffNeedDetailPage() {
  const code = useRecordCode(STAFF_MATCHING_CODE_PATTERN);
  return (
    <RecordView key={code} call={getStaffNeedCall} input={{ params: { ca_unique_code: code } }}>
      {(need) => (
        <PageStack>
          <NeedSection need={need} />
          <NeedDeals need={need} />
          <Back>
            <Link to={STAFF_NEEDS_PATH}>{STAFF_NEEDS_LABEL}に戻る</Link>
          </Back>
        </PageStack>
      )}
    </RecordView>
  );
}

function NeedSection({ need }: { need: StaffNeedDetail }) {
  const names = useNeedPlaceNames();
  const industries = names.industries(need.need_industry_codes);
  const areas = names.prefectures(need.need_area_codes);
  return (
    <PageSection $boxed aria-labelledby="staff-need-heading">
      <h2 id="staff-need-heading">{need.need_title}</h2>
      <FactList
        facts={[
          {
            term: '企業名',
            value: <Link to={staffCompanyPath(need.company_unique_code)}>{need.company_name}</Link>,
          },
          { term: 'お取引店', value: need.bb_name ?? '—' },
          {
            term: 'カテゴリ',
            value: (
              <InlineGroup>
                <NeedCategoryTag code={need.need_category} />
              </InlineGroup>
            ),
          },
          { term: '業種', value: industries.length > 0 ? industries.join('、') : ANY_INDUSTRY_TEXT },
          { term: '地域', value: areas.length > 0 ? areas.join('、') : ANY_AREA_TEXT },
          { term: '掲載期間', value: needPeriodText(need) },
          {
            term: '公開設定',
            value: NEED_VISIBILITY_LABELS[need.need_visibility as keyof typeof NEED_VISIBILITY_LABELS] ?? '—',
          },
          { term: '公開範囲', value: NEED_REACH_LABELS[need.need_reach] },
          { term: '公開状況', value: <NeedPublishTag status={need.need_publish_status} /> },
          { term: '画像', value: `${need.need_image_count}枚` },
          { term: '登録日時', value: formatJapaneseDateTime(need.need_created_at) },
          { term: '最終更新', value: formatJapaneseDateTime(need.need_updated_at) },
        ]}
      />
      <Body>{need.need_body}</Body>
    </PageSection>
  );
}

function NeedDeals({ need }: { need: StaffNeedDetail }) {
  const labels = useDealLabels();
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('sender_company_name', {
          header: '依頼元の企業',
          meta: { rowHeader: true, minWidth: '12em' },
          cell: (info) => (
            <Link to={staffDealDetailPath(info.row.original.cmh_unique_code)}>{info.getValue()}</Link>
          ),
        }),
        column.accessor('sender_bank_name', { header: '金融機関', meta: { nowrap: true } }),
        ...dealStateColumns<NeedDeal>(labels),
        column.accessor((deal) => formatStaffDay(deal.cmh_created_at), {
          id: 'cmh_created_at',
          header: '依頼日',
          meta: { nowrap: true },
        }),
      ]),
    [labels],
  );
  return (
    <PageSection $boxed aria-labelledby="staff-need-deals-heading">
      <h2 id="staff-need-deals-heading">受けた商談依頼（{need.need_deal_count}件）</h2>
      <DataTable
        caption="受けた商談依頼"
        captionHidden
        columns={columns}
        data={need.deals}
        getRowId={(deal) => deal.cmh_unique_code}
        emptyMessage="商談依頼はまだありません"
      />
    </PageSection>
  );
}
