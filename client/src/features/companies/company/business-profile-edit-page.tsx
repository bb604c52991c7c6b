import { getBusinessProfileCall } from '#server/contracts/company-profile.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { BusinessProfileForm } from './components/business-profile-form.tsx';

/**
 * /mypage/mybusiness/edit: the logged-in user's company's basic business information, which the
 * matching pages show as its company page, for those who may edit the company's settings (the page
 * rule my_business; the calls answer the same 403). A failed load says so in place.
 */
export function BusinessProfileEditPage() {
  const { data, isError, isPending } = useCallQuery(getBusinessProfileCall, {});
  if (isPending)
    return (
      <Notice role="status" $tone="info">
        <p>読み込み中</p>
      </Notice>
    );
  if (isError)
    return (
      <Notice role="alert">
        <p>{LOAD_FAILED_MESSAGE}</p>
      </Notice>
    );
  return <BusinessProfileForm profile={data} />;
}
