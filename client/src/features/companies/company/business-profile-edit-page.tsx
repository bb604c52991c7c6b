import { getBusinessProfileCall } from '#server/contracts/company-profile.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { BusinessProfileForm } from './components/business-profile-form.tsx';

/**
 * /mypage/mybusiness/edit: the logged-in user's company's basic business information, which the
 * matching pages show as its company page, for those who may edit the company's settings (the page
 * rule my_business; the calls answer the same 403). A failed load says so in place.
 */
export function BusinessProfileEditPage() {
  const { data, isError, isPending } = useCallQuery(getBusinessProfileCall, {});
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;
  return <BusinessProfileForm profile={data} />;
}
