import { getNeedNoticeSettingCall } from '#server/contracts/need-notice-setting.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { NeedNoticeSettingForm } from './need-notice-setting-form.tsx';

/**
 * /mypage/setting/matching/search (ニーズ通知設定): which new needs of other companies the user's
 * company hears of, and how, for those who may edit its matching (the page rule
 * need_notification_settings; the calls answer the same 403). A failed load says so in place.
 */
export function NeedNoticeSettingPage() {
  const { data, isError, isPending } = useCallQuery(getNeedNoticeSettingCall, {});
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
  return <NeedNoticeSettingForm setting={data} />;
}
