import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { callKeyPrefix } from '#server/contracts/call.ts';
import {
  cancelUnsubscribeCall,
  type CompanyUnsubscribeReservation,
  getUnsubscribeSettingCall,
  UNSUBSCRIBE_SETTING_MESSAGES,
} from '#server/contracts/unsubscribe-setting.ts';
import { Button } from '#client/components/button/button.tsx';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { refusalReason } from '#client/components/command/use-command.ts';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { FormActions } from '#client/components/form/form-actions.ts';
import { formatJapaneseDate, formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { useRefusableCommand } from '#client/components/command/use-command.ts';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  p {
    margin: 0;
  }
`;

function factsOf(reservation: CompanyUnsubscribeReservation): Fact[] {
  return [
    { term: '退会日', value: formatJapaneseDate(reservation.leaves_on) },
    { term: '退会理由', value: reservation.reason_name },
    { term: '備考', value: reservation.note ?? 'なし' },
    { term: '受付日時', value: formatJapaneseDateTime(reservation.requested_at) },
    {
      term: '申込者',
      value: reservation.requested_by_company ? (reservation.requested_by_name ?? '—') : '金融機関',
    },
  ];
}

/**
 * The company's standing reservation in place of the form: when it leaves, why, who asked. The
 * company's own request can be withdrawn (asked again in a dialog) until its day; one the bank's
 * desk made is the bank's to cancel, and the page says whom to ask.
 */
export function UnsubscribeReservationView({ reservation }: { reservation: CompanyUnsubscribeReservation }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const command = useRefusableCommand({
    done: UNSUBSCRIBE_SETTING_MESSAGES.cancelled,
    failed: UNSUBSCRIBE_SETTING_MESSAGES.cancelFailed,
  });
  const leavesOn = formatJapaneseDate(reservation.leaves_on);

  const cancel = async () => {
    const outcome = await command.run(() => saveCall(api, cancelUnsubscribeCall, {}));
    if (!outcome) return;
    setAsking(false);
    // Withdrawn (the form comes back) or refused on its state: the page shows it as it now is.
    if (outcome.status === 'success' || refusalReason(outcome))
      await queryClient.invalidateQueries({ queryKey: callKeyPrefix(getUnsubscribeSettingCall) });
  };
  const close = () => {
    if (!command.sending) setAsking(false);
  };

  return (
    <Section aria-label="退会予約">
      <p>{leavesOn}をもって退会する予約を受け付けています。</p>
      <FactList facts={factsOf(reservation)} />
      {command.refusal && (
        <Notice role="alert">
          <p>{command.refusal}</p>
        </Notice>
      )}
      {reservation.cancellable ? (
        <FormActions>
          <Button type="button" disabled={command.sending} onClick={() => setAsking(true)}>
            退会予約を取り消す
          </Button>
        </FormActions>
      ) : (
        <Notice role="status" $tone="info">
          <p>
            {reservation.requested_by_company
              ? UNSUBSCRIBE_SETTING_MESSAGES.tooLate
              : UNSUBSCRIBE_SETTING_MESSAGES.reservedByBank}
          </p>
        </Notice>
      )}
      <ConfirmDialog
        open={asking}
        onCancel={close}
        title="退会予約の取り消し"
        confirmLabel="退会予約を取り消す"
        sending={command.sending}
        onConfirm={() => void cancel()}
      >
        <ConfirmQuestion>{leavesOn}の退会予約を取り消します。よろしいですか？</ConfirmQuestion>
      </ConfirmDialog>
    </Section>
  );
}
