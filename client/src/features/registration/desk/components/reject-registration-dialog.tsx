import { useId } from 'react';
import styled from 'styled-components';
import * as z from 'zod/mini';
import { rejectionSchema } from '#server/contracts/registration-desk.ts';
import { Button } from '#client/components/button/button.tsx';
import { ModalDialog } from '#client/components/dialog/modal-dialog.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { Select } from '#client/components/form/form-controls.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { DangerButton } from '#client/components/danger-button.ts';

/** The dialog's one field: the reason, as the rejection call checks it (必須入力項目です when none). */
const reasonFieldSchema = z.pick(rejectionSchema, { reason_code: true });

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  overflow-wrap: anywhere;
`;

export interface RejectRegistrationDialogProps {
  open: boolean;
  onClose: () => void;
  companyName: string;
  /** Whether the applicant is mailed the rejection (not in the portal variant). */
  notified: boolean;
  /** The decision is being sent: the buttons wait. */
  sending: boolean;
  onReject: (reasonCode: string) => Promise<void>;
}

/**
 * 却下する's dialog: a reason of the registration_reasons master is required (the applicant is mailed
 * it, where the variant tells of a rejection); 却下する sends it.
 */
export function RejectRegistrationDialog({
  open,
  onClose,
  companyName,
  notified,
  sending,
  onReject,
}: RejectRegistrationDialogProps) {
  const formId = useId();
  const reasons = useMasterList('registration_reasons');
  const form = useSchemaForm(reasonFieldSchema, { defaultValues: { reason_code: '' } });
  const error = form.errors.reason_code;
  const busy = sending || form.isSubmitting;

  const close = () => {
    if (busy) return;
    form.reset();
    onClose();
  };
  const send = form.handleSubmit(async ({ reason_code: reasonCode }) => {
    await onReject(reasonCode);
  });

  return (
    <ModalDialog
      open={open}
      onClose={close}
      title="申請の却下"
      width={500}
      actions={
        <>
          <Button type="button" onClick={close} disabled={busy}>
            キャンセル
          </Button>
          <DangerButton type="submit" form={formId} disabled={busy}>
            却下する
          </DangerButton>
        </>
      }
    >
      <form id={formId} onSubmit={send} noValidate>
        <Note>「{companyName}」の申請を却下します。</Note>
        <Note>
          {notified
            ? '却下の理由は申込者にメールでお知らせします。'
            : 'この申込種別では、却下は申込者にお知らせしません。'}
        </Note>
        <FieldRow name="reject-reason" label="却下理由" required error={error}>
          <Select
            {...form.register('reason_code')}
            {...describedControl('reject-reason', { required: true, error })}
          >
            <option value="">選択してください</option>
            {reasons.map((reason) => (
              <option key={reason.code} value={reason.code}>
                {reason.name}
              </option>
            ))}
          </Select>
        </FieldRow>
      </form>
    </ModalDialog>
  );
}
