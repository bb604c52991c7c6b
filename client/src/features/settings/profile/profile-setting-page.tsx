import { getUserProfileCall } from '#server/contracts/user-profile.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { ProfileSettingForm } from './profile-setting-form.tsx';

/**
 * /mypage/setting/profile: the logged-in user's own profile and picture, for every company-side
 * account (bank staff never reach the company layout; the calls answer them 403). A failed load
 * says so in place.
 */
export function ProfileSettingPage() {
  const { data, isError, isPending } = useCallQuery(getUserProfileCall, {});
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
  return <ProfileSettingForm key={data.user_unique_code} profile={data} />;
}
