import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type * as z from 'zod/mini';
import {
  cancelUnsubscriptionCall,
  isCancellable,
  leavesOnOf,
  mayReserveUnsubscription,
  reserveUnsubscriptionCall,
  UNSUBSCRIPTION_MESSAGES,
  unsubscriptionFieldsSchema,
} from '#server/contracts/company-unsubscription.ts';
import { Button } from '#client/components/button/button.tsx';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { refusalReason, useRefusableCommand } from '#client/components/command/use-command.ts';
import { DangerButton } from '#client/components/danger-button.ts';
import { UnsubscriptionFields } from '#client/components/unsubscription-fields.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';

export interface UnsubscriptionPanelProps {
  companyUniqueCode: string;
  /** The standing reservation; null when none stands. */
  reservation: { leaves_on: string; reason_code: string; note: string | null } | null;
  /** Where the company stands (the company_statuses master's codes). */
  status: string;
  /** After a reservation or a cancel went through (or was refused on the company's state): reload it. */
  onChanged: () => void;
}

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Refusal = styled.p`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  padding-top: ${({ theme }) => theme.spacing.sm};
`;

/** What the company's state leaves to do: reserve, cancel, or nothing. */
function panelStateOf({ reservation, status }: Pick<UnsubscriptionPanelProps, 'reservation' | 'status'>) {
  if (status === 'unsubscribed') return 'left' as const;
  if (reservation) return 'reserved' as const;
  if (status === 'active' || status === 'suspended') return 'open' as const;
  return 'none' as const;
}

/**
 * A company's leaving on its detail page (admin spec: "an unsubscribe action reserves
 * unsubscription"), for the bank's system and bank admins: with no reservation, the form that
 * reserves it (退会月 of this month and the next 12, 退会理由 of the unsubscribe_reasons master, 備考)
 * and 退会予約 asked again in a dialog; with one standing, the day and 退会予約を取り消す (until that
 * day has passed), asked again too; once the company has left, nothing to do. The toasts are the
 * spec's 退会予約を行いました / 退会予約に失敗しました; a refusal that says why (422) is shown in place.
 */
export function UnsubscriptionPanel(props: UnsubscriptionPanelProps) {
  const user = useCurrentUser();
  if (!mayReserveUnsubscription(user?.user_type)) return null;
  const state = panelStateOf(props);
  if (state === 'none') return null;
  return (
    <Panel aria-label="退会予約の操作">
      {state === 'left' && <p>この企業は退会済みです。</p>}
      {state === 'open' && <ReservationForm {...props} />}
      {state === 'reserved' && props.reservation && (
        <StandingReservation {...props} leavesOn={props.reservation.leaves_on} />
      )}
    </Panel>
  );
}

type ReservationFields = z.output<ReturnType<typeof unsubscriptionFieldsSchema>>;

function ReservationForm({ companyUniqueCode, onChanged }: UnsubscriptionPanelProps) {
  const api = useApiClient();
  const formId = useId();
  const schema = useMemo(() => unsubscriptionFieldsSchema(), []);
  const form = useSchemaForm(schema, { defaultValues: { leave_month: '', reason: '', note: '' } });
  const [asking, setAsking] = useState<ReservationFields | null>(null);
  const command = useRefusableCommand({
    done: UNSUBSCRIPTION_MESSAGES.reserved,
    failed: UNSUBSCRIPTION_MESSAGES.reserveFailed,
  });

  const reserve = async (fields: ReservationFields) => {
    const outcome = await command.run(() =>
      saveCall(api, reserveUnsubscriptionCall, {
        body: { company_unique_code: companyUniqueCode, ...fields },
      }),
    );
    if (!outcome) return;
    setAsking(null);
    if (outcome.status === 'success') {
      form.reset();
      onChanged();
      return;
    }
    form.showServerErrors(outcome.fieldErrors);
    // Refused on the company's state (reserved or left meanwhile): the page shows it as it now is.
    if (Object.keys(outcome.fieldErrors).length === 0 && refusalReason(outcome)) onChanged();
  };
  const close = () => {
    if (!command.sending) setAsking(null);
  };

  return (
    <>
      {command.refusal && <Refusal role="alert">{command.refusal}</Refusal>}
      <form id={formId} onSubmit={form.handleSubmit((fields) => setAsking(fields))} noValidate>
        <UnsubscriptionFields form={form} />
        <Actions>
          <DangerButton type="submit" disabled={command.sending}>
            退会予約
          </DangerButton>
        </Actions>
      </form>
      <ConfirmDialog
        open={asking !== null}
        onCancel={close}
        title="退会予約"
        confirmLabel="退会予約する"
        tone="danger"
        sending={command.sending}
        onConfirm={() => asking && void reserve(asking)}
      >
        {asking && (
          <>
            <ConfirmQuestion>
              {formatJapaneseDate(leavesOnOf(asking.leave_month))}
              をもって退会する予約をします。よろしいですか？
            </ConfirmQuestion>
            <ConfirmQuestion>
              翌日に企業と利用者のアカウントが無効になり、ログイン中の利用者もログアウトされます。
            </ConfirmQuestion>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}

function StandingReservation({
  companyUniqueCode,
  leavesOn,
  onChanged,
}: UnsubscriptionPanelProps & { leavesOn: string }) {
  const api = useApiClient();
  const [asking, setAsking] = useState(false);
  const command = useRefusableCommand({
    done: UNSUBSCRIPTION_MESSAGES.cancelled,
    failed: UNSUBSCRIPTION_MESSAGES.cancelFailed,
  });
  const cancellable = isCancellable(leavesOn, new Date());

  const cancel = async () => {
    const outcome = await command.run(() =>
      saveCall(api, cancelUnsubscriptionCall, { body: { company_unique_code: companyUniqueCode } }),
    );
    if (!outcome) return;
    setAsking(false);
    if (outcome.status === 'success' || refusalReason(outcome)) onChanged();
  };
  const close = () => {
    if (!command.sending) setAsking(false);
  };

  return (
    <>
      {command.refusal && <Refusal role="alert">{command.refusal}</Refusal>}
      <p>{formatJapaneseDate(leavesOn)}をもって退会する予約があります。</p>
      {cancellable ? (
        <Actions>
          <Button type="button" disabled={command.sending} onClick={() => setAsking(true)}>
            退会予約を取り消す
          </Button>
        </Actions>
      ) : (
        <p>{UNSUBSCRIPTION_MESSAGES.tooLate}</p>
      )}
      <ConfirmDialog
        open={asking}
        onCancel={close}
        title="退会予約の取り消し"
        confirmLabel="退会予約を取り消す"
        sending={command.sending}
        onConfirm={() => void cancel()}
      >
        <ConfirmQuestion>
          {formatJapaneseDate(leavesOn)}の退会予約を取り消します。よろしいですか？
        </ConfirmQuestion>
      </ConfirmDialog>
    </>
  );
}
