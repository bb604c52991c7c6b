import { useEffect, useState } from 'react';
import { Link, useNavigate } from '#client/lib/router/index.ts';
import { reminderPages } from '#server/contracts/pages/reminder.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordResetSchema } from '#server/contracts/reminder.ts';
import { Button } from '#client/components/button/button.tsx';
import { NewPasswordField } from '#client/components/form/new-password-field.tsx';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { checkResetLink, resetPassword } from '../api/reminder-calls.ts';
import { FormActions } from '#client/components/form/form-actions.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { Form, Lead } from './reminder-styles.ts';

type LinkState =
  { kind: 'checking' } | { kind: 'valid'; loginId: string } | { kind: 'refused'; message: string };

/** Why the link cannot be used, and the way to ask for a new one. */
function RefusedLink({ message }: { message: string }) {
  return (
    <Notice $tone="error" role="alert">
      <p>{message}</p>
      <p>
        <Link to={reminderPages.reminder.path}>パスワード再設定のお申し込みへ</Link>
      </p>
    </Notice>
  );
}

/** The new password, for the account of the mail's link (checked before the form is shown). */
export function PasswordResetForm({
  token,
  completedPath = reminderPages.completed.path,
}: {
  token: string;
  /** Where a set password goes on: the reminder's completion, or the portal's account enabled. */
  completedPath?: string;
}) {
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const form = useSchemaForm(passwordResetSchema, {
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  useEffect(() => {
    let current = true;
    void checkResetLink(api, token).then((outcome) => {
      if (!current) return;
      setLink(
        outcome.status === 'success'
          ? { kind: 'valid', loginId: outcome.result.user_login_id }
          : { kind: 'refused', message: outcome.message },
      );
    });
    return () => {
      current = false;
    };
  }, [api, token]);

  const submit = form.handleSubmit(async (reset) => {
    const outcome = await saveFlow.run(() => resetPassword(api, reset), { successToast: false });
    if (outcome.status === 'success') {
      // Replaced: going back must not land on the used link's form.
      await navigate(completedPath, { replace: true });
      return;
    }
    form.showServerErrors(outcome.fieldErrors);
    if (Object.keys(outcome.fieldErrors).length === 0) setLink({ kind: 'refused', message: outcome.message });
  });

  if (link.kind === 'checking') return <p role="status">リンクを確認しています…</p>;
  if (link.kind === 'refused') return <RefusedLink message={link.message} />;

  const field = (name: FieldName<typeof passwordResetSchema>, hint?: string) => ({
    name,
    required: true,
    hint,
    error: form.errors[name],
  });
  const password = field(
    'password',
    `${PASSWORD_MIN_LENGTH}〜${PASSWORD_MAX_LENGTH}文字の半角英数字・記号で、英字と数字をそれぞれ1文字以上含めてください。`,
  );
  const confirmation = field('password_confirmation', '確認のため、もう一度入力してください。');
  return (
    <>
      <Lead>{`ログインID「${link.loginId}」の新しいパスワードを設定してください。`}</Lead>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label="新しいパスワードの設定">
        {/* The login id, for the browser's password manager to store the new password under. */}
        <input type="hidden" name="username" autoComplete="username" value={link.loginId} readOnly />
        <NewPasswordField label="新しいパスワード" row={password} control={form.register('password')} />
        <NewPasswordField
          label="新しいパスワード（確認）"
          row={confirmation}
          control={form.register('password_confirmation')}
        />
        <FormActions>
          <Button type="submit" disabled={form.isSubmitting}>
            パスワードを再設定する
          </Button>
        </FormActions>
      </Form>
    </>
  );
}
