import { useState } from 'react';
import { useParams } from '#client/lib/router/index.ts';
import { getOwnServiceOfferCall, type ServiceOffer } from '#server/contracts/service-offer.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { SavedRecordState } from '#client/components/form/saved-record-state.tsx';
import { PageLead } from '#client/components/page/page-text.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { WrittenText } from '#client/components/page/page-text.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { useCouponLabels } from '../components/coupon-status.tsx';
import { COUPON_CODE_PATTERN, NEW_COUPON_ID } from '../coupon-paths.ts';
import { CouponForm } from './coupon-form.tsx';
import { CouponOfferActions } from './coupon-offer-actions.tsx';

/**
 * /mypage/setting/service/offer/edit/{id}: `new` starts an empty offer; an offer's code opens it,
 * with where the bank's review stands (and its note), its form, and its withdrawal and deletion.
 * A code that is not one, or not the company's, is the 404 page; another failure to load says so
 * in place.
 */
export function CouponEditPage() {
  const { id: couponId } = useParams();
  if (couponId === NEW_COUPON_ID)
    return (
      <>
        <PageLead>
          新しいクーポンを登録します。保存すると銀行の審査に回り、承認されると公開期間のあいだ公開されます。
        </PageLead>
        <CouponForm key="new" />
      </>
    );
  if (couponId === undefined || !COUPON_CODE_PATTERN.test(couponId)) throw new HttpError(404);
  return <LoadedCoupon key={couponId} code={couponId} />;
}

function LoadedCoupon({ code }: { code: string }) {
  const [refusal, setRefusal] = useState<string>();
  const { data, isError } = useCallQuery(
    getOwnServiceOfferCall,
    { params: { cso_unique_code: code } },
    // A 404 is the page's answer (the error page); any other failure is told in place.
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  // A reload that fails after a withdrawal keeps the offer on screen.
  if (data === undefined) return isError ? <LoadFailedNotice /> : <LoadingNotice />;
  return (
    <>
      {refusal && (
        <Notice role="alert">
          <p>{refusal}</p>
        </Notice>
      )}
      <CouponReviewState offer={data} />
      <CouponForm key={data.cso_unique_code} offer={data} />
      <CouponOfferActions offer={data} onRefused={setRefusal} />
    </>
  );
}

/** Where the bank's review of the offer stands, and what the bank said. */
function CouponReviewState({ offer }: { offer: ServiceOffer }) {
  const labels = useCouponLabels();
  return (
    <SavedRecordState
      headingId="coupon-review-heading"
      heading="審査の状況"
      facts={[
        { term: '審査状況', value: labels.statusTag(offer.cso_status) },
        { term: '公開状況', value: labels.publishTag(offer.cso_publish_status) },
        ...(offer.cso_reviewed_at
          ? [{ term: '審査日時', value: formatJapaneseDateTime(offer.cso_reviewed_at) }]
          : []),
        ...(offer.cso_review_note
          ? [{ term: '銀行からのコメント', value: <WrittenText>{offer.cso_review_note}</WrittenText> }]
          : []),
      ]}
    >
      {offer.cso_status === 'APPROVED' && (
        <p>承認済みのクーポンを保存すると、もう一度審査に回り、承認されるまで公開されません。</p>
      )}
    </SavedRecordState>
  );
}
