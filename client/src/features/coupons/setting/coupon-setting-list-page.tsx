import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import {
  listOwnServiceOffersCall,
  SERVICE_OFFERS_PER_COMPANY_MAX,
  type ServiceOffer,
} from '#server/contracts/service-offer.ts';
import { ButtonLink } from '#client/components/button/button.tsx';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { TitleLinkCell } from '#client/components/table/title-link-cell.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { PageLeadGroup, PageToolbar } from '#client/components/page/page-text.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useListPage } from '#client/lib/list-search.ts';
import { couponStateColumns } from '../components/coupon-state-columns.tsx';
import { type CouponLabels, useCouponLabels } from '../components/coupon-status.tsx';
import { couponEditPath } from '../coupon-paths.ts';

const column = dataColumnHelper<ServiceOffer>();

function couponColumns(labels: CouponLabels) {
  return column.columns([
    column.accessor('cso_title', {
      header: 'タイトル',
      meta: { rowHeader: true, minWidth: '14em' },
      cell: (info) => {
        const offer = info.row.original;
        // The bank's note on an offer it sent back (or approved with a word).
        return (
          <TitleLinkCell
            to={couponEditPath(offer.cso_unique_code)}
            title={info.getValue()}
            note={offer.cso_review_note === null ? undefined : `銀行からのコメント: ${offer.cso_review_note}`}
          />
        );
      },
    }),
    ...couponStateColumns<ServiceOffer>(labels),
    column.accessor((offer) => formatJapaneseDate(offer.cso_updated_at), {
      id: 'cso_updated_at',
      header: '更新日',
      meta: { nowrap: true },
    }),
  ]);
}

/**
 * /mypage/setting/service/offer: the company's coupons (service offers) with their category, the
 * bank's review, where their days stand and their period, paged; each title opens its edit page,
 * and 新しいクーポンを登録する starts one (until the company's limit). The bank's note shows under the
 * title of the offer it was given on.
 */
export function CouponSettingListPage() {
  const { turnPage, rows } = useListPage(listOwnServiceOffersCall);
  const labels = useCouponLabels();
  const columns = useMemo(() => couponColumns(labels), [labels]);
  const { data, isError, isPending, isPlaceholderData } = rows;

  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;

  const count = data.paging_data.total_rows;
  const full = count >= SERVICE_OFFERS_PER_COMPANY_MAX;
  return (
    <>
      <PageLeadGroup>
        <p>
          自社の商品やサービスの特典（クーポン）を、この銀行をご利用のほかの企業とその従業員の方に向けて掲載できます。
        </p>
        <p>
          登録・変更したクーポンは銀行の審査に回り、承認されると公開期間のあいだ公開されます。承認済みのクーポンを変更すると、再び承認されるまで公開されません。
        </p>
      </PageLeadGroup>
      <PageToolbar $spread>
        <p>
          登録数 {count} / {SERVICE_OFFERS_PER_COMPANY_MAX}件
        </p>
        {full ? (
          <p role="status">登録できる上限に達しています。不要なクーポンを削除してから登録してください。</p>
        ) : (
          <ButtonLink as={Link} to={couponEditPath()} $variant="main">
            新しいクーポンを登録する
          </ButtonLink>
        )}
      </PageToolbar>
      <DataTable
        caption="登録済みのクーポン"
        captionHidden
        columns={columns}
        data={data.list}
        getRowId={(offer) => offer.cso_unique_code}
        emptyMessage="登録済みのクーポンはありません。"
        busy={isPlaceholderData}
      />
      <TablePager paging={data.paging_data} onChange={turnPage} />
    </>
  );
}
