import { useId, useRef } from 'react';
import { CHARGE_PASSWORD_MAX_LENGTH, chargePasswordSchema } from '#server/contracts/company-charges.ts';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';

export interface ChargePasswordDialogProps {
  open: boolean;
  /** What is about to be saved, in a sentence (`2026年4月の月額利用料（5,500円）を保存します。`). */
  subject: string;
  onCancel: () => void;
  /**
   * Sends the save with the password. Answers the message to show under the password when it was
   * not accepted (the dialog stays open to try again); undefined when the dialog is done with.
   */
  onConfirm: (password: string) => Promise<string | undefined>;
}

/**
 * 保存's question (admin spec section 2: saving a charge requires the admin's password): the staff
 * member's own password, required, sent with the form. A refusal of the password leaves the dialog
 * open with the message under the emptied field.
 */
export function ChargePasswordDialog({ open, subject, onCancel, onConfirm }: ChargePasswordDialogProps) {
  const formId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const form = useSchemaForm(chargePasswordSchema, { defaultValues: { password: '' } });
  const error = form.errors.password;
  const busy = form.isSubmitting;
  const registered = form.register('password');

  const cancel = () => {
    if (busy) return;
    form.reset();
    onCancel();
  };
  const send = form.handleSubmit(async ({ password }) => {
    const refusal = await onConfirm(password);
    if (refusal === undefined) {
      form.reset();
      return;
    }
    form.setValue('password', '');
    form.setError('password', refusal);
    inputRef.current?.focus();
  });

  return (
    <ConfirmDialog
      open={open}
      onCancel={cancel}
      title="パスワードの確認"
      confirmLabel="保存"
      sending={busy}
      formId={formId}
    >
      <form id={formId} onSubmit={(event) => void send(event)} noValidate>
        <ConfirmQuestion>{subject}</ConfirmQuestion>
        <ConfirmQuestion>
          保存するには、ログインしているご自身のパスワードを入力してください。
        </ConfirmQuestion>
        <FieldRow name="charge-password" label="パスワード" required error={error}>
          <TextInput
            type="password"
            autoComplete="current-password"
            maxLength={CHARGE_PASSWORD_MAX_LENGTH}
            {...registered}
            {...describedControl('charge-password', { required: true, error })}
            ref={(element: HTMLInputElement | null) => {
              registered.ref(element);
              inputRef.current = element;
            }}
          />
        </FieldRow>
      </form>
    </ConfirmDialog>
  );
}
