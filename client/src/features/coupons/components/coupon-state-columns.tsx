import type { ServiceOffer } from '#server/contracts/service-offer.ts';
import { type DataColumn, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { type CouponLabels, couponPeriodText } from './coupon-status.tsx';

/** What the state columns read of an offer: the company's own offers and the bank's review list have it. */
type CouponStateRow = Pick<
  ServiceOffer,
  'cso_category' | 'cso_status' | 'cso_publish_status' | 'cso_publish_start' | 'cso_publish_end'
>;

/**
 * The columns both lists of offers show between the title and the last change: カテゴリ,
 * 審査状況, 公開状況 and 公開期間, in the masters' words (the company's list and the bank's review).
 */
export function couponStateColumns<T extends CouponStateRow>(labels: CouponLabels): DataColumn<T>[] {
  const column = dataColumnHelper<T>();
  return [
    column.accessor((offer) => labels.categoryName(offer.cso_category), {
      id: 'cso_category',
      header: 'カテゴリ',
      meta: { nowrap: true },
    }),
    column.accessor((offer) => offer.cso_status, {
      id: 'cso_status',
      header: '審査状況',
      meta: { nowrap: true },
      cell: (info) => labels.statusTag(info.getValue()),
    }),
    column.accessor((offer) => offer.cso_publish_status, {
      id: 'cso_publish_status',
      header: '公開状況',
      meta: { nowrap: true },
      cell: (info) => labels.publishTag(info.getValue()),
    }),
    column.accessor((offer) => couponPeriodText(offer), {
      id: 'cso_period',
      header: '公開期間',
      meta: { minWidth: '10em' },
    }),
  ];
}
