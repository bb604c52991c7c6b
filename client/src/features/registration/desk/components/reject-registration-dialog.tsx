import { useId } from 'react';
import * as z from 'zod/mini';
import { rejectionSchema } from '#server/contracts/registration-desk.ts';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { Select } from '#client/components/form/form-controls.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useMasterList } from '#client/lib/master-data.ts';

/** The dialog's one field: the reason, as the rejection call checks it (必須入力項目です when none). */
const reasonFieldSchema = z.pick(rejectionSchema, { reason_code: true });

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
    <ConfirmDialog
      open={open}
      onCancel={close}
      title="申請の却下"
      confirmLabel="却下する"
      tone="danger"
      sending={busy}
      formId={formId}
    >
      <form id={formId} onSubmit={send} noValidate>
        <ConfirmQuestion>「{companyName}」の申請を却下します。</ConfirmQuestion>
        <ConfirmQuestion>
          {notified
            ? '却下の理由は申込者にメールでお知らせします。'
            : 'この申込種別では、却下は申込者にお知らせしません。'}
        </ConfirmQuestion>
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
    </ConfirmDialog>
  );
}
