import { getUnsubscribeSettingCall } from '#server/contracts/unsubscribe-setting.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { UnsubscribeRequestForm } from './unsubscribe-request-form.tsx';
import { UnsubscribeReservationView } from './unsubscribe-reservation-view.tsx';

/**
 * /mypage/setting/unsubscribe: the company's request to leave, for the holders of
 * company_setting_account_write when the bank offers it (the page rule `unsubscribe`; the calls
 * answer the same 403). With no reservation, the form; with one (the company's own or the bank's),
 * the reservation instead, and its cancel while the company may still withdraw it.
 */
export function UnsubscribeSettingPage() {
  const { data, isError, isPending } = useCallQuery(getUnsubscribeSettingCall, {});
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
  return data.reservation ? (
    <UnsubscribeReservationView reservation={data.reservation} />
  ) : (
    <UnsubscribeRequestForm companyName={data.company_name} />
  );
}
