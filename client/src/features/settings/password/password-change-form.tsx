import styled from 'styled-components';
import {
  changePasswordCall,
  CURRENT_PASSWORD_MAX_LENGTH,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_RULES,
  passwordChangeSchema,
} from '#server/contracts/password-change.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { NewPasswordField } from '#client/components/form/new-password-field.tsx';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';

const Rules = styled.section`
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const RULES_HEADING_ID = 'password-rules-heading';

/**
 * The change of one's own password: the current one, the new one twice, checked in the browser with
 * the contract's schema (the server's). A wrong current password comes back under its field; a
 * change says パスワードを変更しました and empties the form (the user stays logged in here, their
 * other sessions end).
 */
export function PasswordChangeForm() {
  const api = useApiClient();
  const { run } = useCommand();
  const user = useCurrentUser();
  const form = useSchemaForm(passwordChangeSchema, {
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const submit = form.handleSubmit(async (body) => {
    const outcome = await run(() => saveCall(api, changePasswordCall, { body }), {
      done: PASSWORD_CHANGE_MESSAGES.changed,
    });
    if (outcome?.status === 'error') form.showServerErrors(outcome.fieldErrors);
    else if (outcome) form.reset();
  });

  const field = (name: FieldName<typeof passwordChangeSchema>, hint?: string) => ({
    name,
    required: true,
    hint,
    error: form.errors[name],
  });
  const current = field('current_password');
  const password = field('password', '下記のルールを満たすパスワードを入力してください。');
  const confirmation = field('password_confirmation', '確認のため、もう一度入力してください。');

  return (
    <>
      <Rules aria-labelledby={RULES_HEADING_ID}>
        <h2 id={RULES_HEADING_ID}>パスワードのルール</h2>
        <ul>
          {PASSWORD_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p>パスワードを変更すると、ほかの端末やブラウザでのログインは終了します。</p>
      </Rules>
      <form noValidate aria-label="パスワードの変更" onSubmit={(event) => void submit(event)}>
        {/* The login id, for the browser's password manager to store the new password under. */}
        <input
          type="hidden"
          name="username"
          autoComplete="username"
          value={user?.user_login_id ?? ''}
          readOnly
        />
        <FieldRow label="現在のパスワード" {...current}>
          <TextInput
            {...describedControl(current.name, current)}
            {...form.register('current_password')}
            type="password"
            autoComplete="current-password"
            maxLength={CURRENT_PASSWORD_MAX_LENGTH}
          />
        </FieldRow>
        <NewPasswordField label="新しいパスワード" row={password} control={form.register('password')} />
        <NewPasswordField
          label="新しいパスワード（確認）"
          row={confirmation}
          control={form.register('password_confirmation')}
        />
        <FormSubmitRow disabled={form.isSubmitting}>パスワードを変更する</FormSubmitRow>
      </form>
    </>
  );
}
