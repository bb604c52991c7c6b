import { getCompanyProfileCall } from '#server/contracts/company-profile.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { CompanyProfileForm } from './components/company-profile-form.tsx';

/**
 * /mypage/company/edit: the logged-in user's company's profile and logo, for those who may edit the
 * company's settings (the page rule company_settings; the calls answer the same 403). A failed load
 * says so in place.
 */
export function CompanyProfileEditPage() {
  const { data, isError, isPending } = useCallQuery(getCompanyProfileCall, {});
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;
  return <CompanyProfileForm key={data.company_unique_code} profile={data} />;
}
