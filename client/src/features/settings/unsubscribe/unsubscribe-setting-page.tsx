import { getUnsubscribeSettingCall } from '#server/contracts/unsubscribe-setting.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useCallQuery } from '#client/lib/request/call-client.ts';
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
  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;
  return data.reservation ? (
    <UnsubscribeReservationView reservation={data.reservation} />
  ) : (
    <UnsubscribeRequestForm companyName={data.company_name} />
  );
}
