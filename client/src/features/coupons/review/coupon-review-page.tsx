import { useMemo } from 'react';
import * as z from 'zod/mini';
import {
  listServiceOfferReviewsCall,
  type ReviewedServiceOffer,
  reviewListQuerySchema,
  SERVICE_OFFER_STATUSES,
  type ServiceOfferStatus,
} from '#server/contracts/service-offer.ts';
import { SearchPanel, SearchSelect, useSearchDraft } from '#client/components/admin/search-panel.tsx';
import { dataColumnHelper } from '#client/components/table/data-table.tsx';
import { TitleLinkCell } from '#client/components/table/title-link-cell.tsx';
import { PageLead } from '#client/components/page/page-text.ts';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { type ListSearch, paramsOfSearch, useListSearch } from '#client/lib/list-search.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { couponStateColumns } from '../components/coupon-state-columns.tsx';
import { type CouponLabels, useCouponLabels } from '../components/coupon-status.tsx';
import { COUPON_CODE_PATTERN } from '../coupon-paths.ts';
import { CouponReviewPanel } from './coupon-review-panel.tsx';

/** The page's URL: the list's search, and the offer opened above it (`cso`). */
const pageSearchSchema = z.extend(reviewListQuerySchema, {
  cso: z.optional(z.string().check(z.regex(COUPON_CODE_PATTERN))),
});
type PageSearch = ListSearch<typeof pageSearchSchema>;

const column = dataColumnHelper<ReviewedServiceOffer>();

function reviewColumns(labels: CouponLabels, detailHref: (code: string) => string) {
  return column.columns([
    column.accessor('cso_title', {
      header: 'タイトル',
      meta: { rowHeader: true, minWidth: '14em' },
      cell: (info) => (
        <TitleLinkCell to={detailHref(info.row.original.cso_unique_code)} title={info.getValue()} />
      ),
    }),
    column.accessor('company_name', { header: '企業名', meta: { minWidth: '10em' } }),
    ...couponStateColumns<ReviewedServiceOffer>(labels),
    column.accessor((offer) => formatJapaneseDateTime(offer.cso_updated_at), {
      id: 'cso_updated_at',
      header: '更新日時',
      meta: { nowrap: true },
    }),
  ]);
}

/** The status search's controls: a status, or すべて. */
function StatusSearch({
  status,
  onSearch,
}: {
  status: ServiceOfferStatus | undefined;
  onSearch: (status?: ServiceOfferStatus) => void;
}) {
  const statuses = useMasterList('cso_statuses');
  const conditions = useMemo(() => (status ? { status } : {}), [status]);
  const draft = useSearchDraft(conditions, {
    draftOf: (current: { status?: ServiceOfferStatus }) => ({ status: current.status ?? '' }),
    conditionsOf: (entered) => {
      const chosen = SERVICE_OFFER_STATUSES.find((code) => code === entered.status);
      return chosen ? { status: chosen } : {};
    },
    onSearch: (next) => onSearch(next.status),
  });
  return (
    <SearchPanel onSearch={draft.search} onClear={draft.clear}>
      <SearchSelect
        id="coupon-review-status"
        label="審査状況"
        options={statuses.map((item) => ({ value: item.code, label: item.name }))}
        {...draft.control('status')}
      />
    </SearchPanel>
  );
}

/**
 * /admin/xba/cso: the companies' coupons (service offers) for the bank's review, those in review
 * first, searched by status and paged. A title opens the offer above the list (its code in the URL,
 * so reload and back keep it), where system and bank admins approve or disapprove it with a note the
 * company reads. Branch staff read the offers of their branches' companies only.
 */
export function CouponReviewPage() {
  const { search, change, turnPage } = useListSearch(pageSearchSchema);
  const labels = useCouponLabels();
  const query = useMemo(
    () => ({ page: search.page, rows: search.rows, ...(search.status ? { status: search.status } : {}) }),
    [search.page, search.rows, search.status],
  );
  const list = useCallQuery(listServiceOfferReviewsCall, { query }, { keepPrevious: true });
  const columns = useMemo(() => {
    const hrefOf = (code: string) =>
      `?${paramsOfSearch(pageSearchSchema, { ...search, cso: code }).toString()}`;
    return reviewColumns(labels, hrefOf);
  }, [labels, search]);

  return (
    <>
      <PageLead>
        企業が登録したクーポン（サービスオファー）を審査します。承認したクーポンは公開期間のあいだ、ほかの企業に公開されます。
      </PageLead>
      {search.cso && (
        <CouponReviewPanel
          key={search.cso}
          code={search.cso}
          onClose={() => change({ cso: undefined } as Partial<PageSearch>, { keepPage: true })}
        />
      )}
      <ListPageFrame
        search={
          <StatusSearch status={search.status} onSearch={(status) => change({ status, cso: undefined })} />
        }
        query={list}
        table={{
          caption: 'クーポンの一覧',
          captionHidden: true,
          columns: columns,
          getRowId: (offer) => offer.cso_unique_code,
        }}
        onPage={turnPage}
      />
    </>
  );
}
