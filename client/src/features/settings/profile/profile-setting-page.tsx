import { getUserProfileCall } from '#server/contracts/user-profile.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { ProfileSettingForm } from './profile-setting-form.tsx';

/**
 * /mypage/setting/profile: the logged-in user's own profile and picture, for every company-side
 * account (bank staff never reach the company layout; the calls answer them 403). A failed load
 * says so in place.
 */
export function ProfileSettingPage() {
  const { data, isError, isPending } = useCallQuery(getUserProfileCall, {});
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;
  return <ProfileSettingForm key={data.user_unique_code} profile={data} />;
}
