import { useState } from 'react';
import { Link } from '#client/lib/router/index.ts';
import { reminderRequestSchema } from '#server/contracts/reminder.ts';
import { Button } from '#client/components/button/button.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { HoneypotField } from '#client/components/form/honeypot-field.tsx';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { requestPasswordReset } from '../api/reminder-calls.ts';
import { FormActions } from '#client/components/form/form-actions.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { Form, Lead } from './reminder-styles.ts';

/**
 * Asks for a reset link by login id or e-mail address. The answer is the same whether or not an
 * account matched, so the page shows the server's message in place of the form either way.
 */
export function ReminderRequestForm() {
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const [answer, setAnswer] = useState<{ tone: 'info' | 'error'; message: string } | undefined>();
  const form = useSchemaForm(reminderRequestSchema, {
    defaultValues: { login_id_or_email: '', homepage_url: '' },
  });

  const submit = form.handleSubmit(async (request) => {
    const outcome = await saveFlow.run(() => requestPasswordReset(api, request), { successToast: false });
    if (outcome.status === 'success') {
      setAnswer({ tone: 'info', message: outcome.message ?? '' });
      return;
    }
    form.showServerErrors(outcome.fieldErrors);
    if (Object.keys(outcome.fieldErrors).length === 0) setAnswer({ tone: 'error', message: outcome.message });
  });

  if (answer?.tone === 'info') {
    return (
      <Notice $tone="info" role="status">
        <p>{answer.message}</p>
        <p>メールに記載のリンクは30分間有効です。</p>
        <p>
          <Link to="/login">ログイン画面へ</Link>
        </p>
      </Notice>
    );
  }

  const field = {
    name: 'login_id_or_email',
    required: true,
    hint: 'ご登録のログインID、またはメールアドレスを入力してください。',
    error: form.errors.login_id_or_email,
  };
  return (
    <>
      <Lead>パスワード再設定用のリンクを、ご登録のメールアドレスにお送りします。</Lead>
      {answer && (
        <Notice $tone="error" role="alert">
          <p>{answer.message}</p>
        </Notice>
      )}
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label="パスワード再設定の申し込み">
        <FieldRow optionalTag label="ログインIDまたはメールアドレス" {...field}>
          <TextInput
            {...describedControl(field.name, field)}
            {...form.register('login_id_or_email')}
            autoComplete="username"
          />
        </FieldRow>
        <HoneypotField {...form.register('homepage_url')} />
        <FormActions>
          <Button type="submit" disabled={form.isSubmitting}>
            送信する
          </Button>
        </FormActions>
      </Form>
    </>
  );
}
