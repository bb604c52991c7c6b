import { getCompanyProfileCall } from '#server/contracts/company-profile.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { CompanyProfileForm } from './components/company-profile-form.tsx';

/**
 * /mypage/company/edit: the logged-in user's company's profile and logo, for those who may edit the
 * company's settings (the page rule company_settings; the calls answer the same 403). A failed load
 * says so in place.
 */
export function CompanyProfileEditPage() {
  const { data, isError, isPending } = useCallQuery(getCompanyProfileCall, {});
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
  return <CompanyProfileForm key={data.company_unique_code} profile={data} />;
}
