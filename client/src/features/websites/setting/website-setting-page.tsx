import { getCompanyWebsiteCall, WEBSITE_MESSAGES } from '#server/contracts/company-website.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { WebsiteSettingForm } from './website-setting-form.tsx';

/**
 * /mypage/setting/website: the logged-in user's company's homepage, for those who may edit it (the
 * page rule website_settings, company_setting_website_write; the calls answer the same 403). A
 * failed load says so in place.
 */
export function WebsiteSettingPage() {
  const { data, isError, isPending } = useCallQuery(getCompanyWebsiteCall, {});
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice message={WEBSITE_MESSAGES.loadFailed} />;
  return <WebsiteSettingForm key={data.company_unique_code} website={data} />;
}
