import { Link } from '#client/lib/router/index.ts';
import { COMPANY_HOME_PATH } from '#server/contracts/home-paths.ts';
import { getUnsubscribeSettingCall } from '#server/contracts/unsubscribe-setting.ts';
import { Completion } from '#client/components/completion.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { UNSUBSCRIBE_SETTING_PATH } from './unsubscribe-setting-paths.ts';

/**
 * /mypage/setting/unsubscribe/compleated: the thanks after the request, with the leaving day (the
 * reservation as the server holds it: the request's answer, or read again when the page is opened
 * later). Without a reservation there is nothing to thank for: the page says so and leads to the form.
 */
export function UnsubscribeCompletedPage() {
  const { system_name: serviceName } = useAppConfig();
  const { data, isError, isPending } = useCallQuery(getUnsubscribeSettingCall, {});
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;
  const { reservation } = data;
  if (!reservation)
    return (
      <Notice role="status" $tone="info">
        <p>退会予約はありません。</p>
        <p>
          <Link to={UNSUBSCRIBE_SETTING_PATH}>退会のお申し込みへ</Link>
        </p>
      </Notice>
    );
  const leavesOn = formatJapaneseDate(reservation.leaves_on);
  return (
    <Completion lead="退会のお申し込みを受け付けました。">
      <p>これまで{serviceName}をご利用いただき、誠にありがとうございました。</p>
      <p>
        {leavesOn}
        をもってご利用を終了します。翌日に貴社と利用者のみなさまのアカウントが無効になり、ログインできなくなります。
      </p>
      {reservation.requested_by_company && (
        <p>お申し込みいただいた方のメールアドレスに、確認のメールをお送りしました。</p>
      )}
      {reservation.cancellable && (
        <p>{leavesOn}までは、退会設定のページからお申し込みを取り消すことができます。</p>
      )}
      <p>
        <Link to={UNSUBSCRIBE_SETTING_PATH}>退会設定へ</Link>
        {'　'}
        <Link to={COMPANY_HOME_PATH}>ダッシュボードへ</Link>
      </p>
    </Completion>
  );
}
