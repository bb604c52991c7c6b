import { getNeedNoticeSettingCall } from '#server/contracts/need-notice-setting.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { NeedNoticeSettingForm } from './need-notice-setting-form.tsx';

/**
 * /mypage/setting/matching/search (ニーズ通知設定): which new needs of other companies the user's
 * company hears of, and how, for those who may edit its matching (the page rule
 * need_notification_settings; the calls answer the same 403). A failed load says so in place.
 */
export function NeedNoticeSettingPage() {
  const { data, isError, isPending } = useCallQuery(getNeedNoticeSettingCall, {});
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;
  return <NeedNoticeSettingForm setting={data} />;
}
