import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { callKey, callKeyPrefix } from '#server/contracts/call.ts';
import { leavesOnOf } from '#server/contracts/company-unsubscription.ts';
import {
  getUnsubscribeSettingCall,
  requestUnsubscribeCall,
  UNSUBSCRIBE_SETTING_MESSAGES,
  type UnsubscribeRequest,
  unsubscribeRequestSchema,
  type UnsubscribeSetting,
} from '#server/contracts/unsubscribe-setting.ts';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { FormActions } from '#client/components/form/form-actions.ts';
import { UnsubscriptionFields } from '#client/components/unsubscription-fields.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { useRefusableCommand } from '#client/components/command/use-command.ts';
import { UNSUBSCRIBE_COMPLETED_PATH } from './unsubscribe-setting-paths.ts';

const Intro = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-bottom: ${({ theme }) => theme.spacing.lg};

  p,
  ul {
    margin: 0;
  }
`;

const MONTH_HINT = '選んだ月の末日をもって退会します。';

/**
 * The company's request to leave: 退会月 (this month and the next 12, as the bank's desk offers),
 * 退会理由 (the unsubscribe_reasons master) and 備考, checked with the server's schema, then asked
 * again in a dialog. Accepted, the page moves on to /compleated with the reservation the server
 * answered; refused because a reservation was made meanwhile, the page shows that reservation.
 */
export function UnsubscribeRequestForm({ companyName }: { companyName: string }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { system_name: serviceName } = useAppConfig();
  const schema = useMemo(() => unsubscribeRequestSchema(), []);
  const form = useSchemaForm(schema, { defaultValues: { leave_month: '', reason: '', note: '' } });
  const [asking, setAsking] = useState<UnsubscribeRequest | null>(null);
  const command = useRefusableCommand({
    done: UNSUBSCRIBE_SETTING_MESSAGES.reserved,
    failed: UNSUBSCRIBE_SETTING_MESSAGES.reserveFailed,
  });

  const send = async (fields: UnsubscribeRequest) => {
    const outcome = await command.run(() => saveCall(api, requestUnsubscribeCall, { body: fields }));
    if (!outcome) return;
    setAsking(null);
    if (outcome.status === 'success') {
      const setting: UnsubscribeSetting = { company_name: companyName, reservation: outcome.result };
      queryClient.setQueryData(callKey(getUnsubscribeSettingCall, {}), setting);
      await navigate(UNSUBSCRIBE_COMPLETED_PATH);
      return;
    }
    form.showServerErrors(outcome.fieldErrors);
    // Refused on the company's state (reserved meanwhile): the page shows it as it now is.
    if (Object.keys(outcome.fieldErrors).length === 0)
      await queryClient.invalidateQueries({ queryKey: callKeyPrefix(getUnsubscribeSettingCall) });
  };
  const close = () => {
    if (!command.sending) setAsking(null);
  };

  return (
    <>
      <Intro aria-label="退会について">
        <p>
          {companyName}の{serviceName}の退会をお申し込みいただけます。
        </p>
        <ul>
          <li>選んだ月の末日をもってご利用を終了します（退会予約）。</li>
          <li>退会日の翌日に、貴社と利用者のみなさまのアカウントが無効になり、ログインできなくなります。</li>
          <li>退会日までは、このページからお申し込みを取り消すことができます。</li>
        </ul>
      </Intro>
      {command.refusal && (
        <Notice role="alert">
          <p>{command.refusal}</p>
        </Notice>
      )}
      <form
        aria-label="退会のお申し込み"
        onSubmit={form.handleSubmit((fields) => setAsking(fields))}
        noValidate
      >
        <UnsubscriptionFields form={form} monthHint={MONTH_HINT} />
        <FormActions>
          <DangerButton type="submit" disabled={command.sending}>
            退会を申し込む
          </DangerButton>
        </FormActions>
      </form>
      <ConfirmDialog
        open={asking !== null}
        onCancel={close}
        title="退会のお申し込み"
        confirmLabel="退会を申し込む"
        tone="danger"
        sending={command.sending}
        onConfirm={() => asking && void send(asking)}
      >
        {asking && (
          <>
            <ConfirmQuestion>
              {formatJapaneseDate(leavesOnOf(asking.leave_month))}
              をもって退会します。よろしいですか？
            </ConfirmQuestion>
            <ConfirmQuestion>
              翌日に貴社と利用者のみなさまのアカウントが無効になり、ログインできなくなります。
            </ConfirmQuestion>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
