import { useState } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import type { CallResult } from '#server/contracts/call.ts';
import {
  type checkInvitationCall,
  EMPLOYEE_THANK_YOU_PATH,
  employeeRegistrationSchema,
} from '#server/contracts/employee-invitation.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#server/contracts/reminder.ts';
import { NewPasswordField } from '#client/components/form/new-password-field.tsx';
import { schemaFieldRows } from '#client/components/form/schema-field-rows.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { HoneypotField } from '#client/components/form/honeypot-field.tsx';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { PageLeadGroup } from '#client/components/page/page-text.ts';
import { REGISTRATION_FIELD_LABELS } from '#client/features/registration/registration-field-labels.ts';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { registerEmployee } from '../api/employee-invitation-calls.ts';
import { isLinkRefusal } from '../refused-invitation.tsx';

const Form = styled.form`
  display: grid;
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

type RegistrationField = FieldName<typeof employeeRegistrationSchema>;

/** What the link's check told of the invitation: whose it is, for which address, until when. */
export type CheckedInvitation = CallResult<typeof checkInvitationCall>;

const KANA_HINT = '全角カタカナで入力してください。';
const TEL_HINT = '半角数字とハイフンで入力してください。例: 03-1234-5678';

export interface EmployeeRegistrationFormProps {
  token: string;
  invitation: CheckedInvitation;
  /** The link stopped working while the form was filled in (used, expired, revoked meanwhile). */
  onLinkRefused(message: string): void;
}

/**
 * The invitee's name, kana, telephone and password, for an employee account of the inviting
 * company at the invited address. Registered, the thank-you page shows the login id.
 */
export function EmployeeRegistrationForm({
  token,
  invitation,
  onLinkRefused,
}: EmployeeRegistrationFormProps) {
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const navigate = useNavigate();
  // A refusal that belongs to no field and leaves the link usable (the network, the server).
  const [problem, setProblem] = useState<string | undefined>();
  const form = useSchemaForm(employeeRegistrationSchema, {
    defaultValues: {
      token,
      user_last_name: '',
      user_first_name: '',
      user_last_name_kana: '',
      user_first_name_kana: '',
      user_tel: '',
      password: '',
      password_confirmation: '',
      homepage_url: '',
    },
  });

  const submit = form.handleSubmit(async (registration) => {
    setProblem(undefined);
    const outcome = await saveFlow.run(() => registerEmployee(api, registration), { successToast: false });
    if (outcome.status === 'success') {
      // Replaced: going back must not land on the used link's form.
      await navigate(EMPLOYEE_THANK_YOU_PATH, { replace: true, state: outcome.result });
      return;
    }
    const unplaced = form.showServerErrors(outcome.fieldErrors);
    const linkRefusal = [outcome.message, ...unplaced].find(isLinkRefusal);
    if (linkRefusal !== undefined) onLinkRefused(linkRefusal);
    else if (unplaced.length > 0 || Object.keys(outcome.fieldErrors).length === 0)
      setProblem(unplaced[0] ?? outcome.message);
  });

  const { field } = schemaFieldRows(form);
  const text = (
    name: Exclude<RegistrationField, 'token' | 'password' | 'password_confirmation' | 'homepage_url'>,
    options: { required: boolean; hint?: string; autoComplete: string; type?: 'tel' },
  ) => {
    const row = field(name, options.required, options.hint);
    return (
      <FieldRow optionalTag label={REGISTRATION_FIELD_LABELS[name]} {...row}>
        <TextInput
          {...describedControl(name, row)}
          {...form.register(name)}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
        />
      </FieldRow>
    );
  };
  const email = { name: 'invited_email', hint: '招待を受けたメールアドレスで登録します。' };
  const password = field(
    'password',
    true,
    `${PASSWORD_MIN_LENGTH}〜${PASSWORD_MAX_LENGTH}文字の半角英数字・記号で、英字と数字をそれぞれ1文字以上含めてください。`,
  );
  const confirmation = field('password_confirmation', true, '確認のため、もう一度入力してください。');
  return (
    <>
      <PageLeadGroup>
        <p>{`「${invitation.company_name}」の従業員として登録します。`}</p>
        <Muted>{`この招待は${formatJapaneseDateTime(invitation.expires_at)}まで有効です。`}</Muted>
      </PageLeadGroup>
      {problem && <Problem role="alert">{problem}</Problem>}
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label="従業員登録">
        {/*
          What the browser's password manager stores the new password under: the login id is the
          server's to make, so until the mail brings it, the invited address names the account.
        */}
        <input type="hidden" name="username" autoComplete="username" value={invitation.email} readOnly />
        {/* Not optional, only not to be changed: no 任意 tag. */}
        <FieldRow label={REGISTRATION_FIELD_LABELS.user_email} {...email}>
          <TextInput
            {...describedControl(email.name, email)}
            type="email"
            value={invitation.email}
            readOnly
            autoComplete="off"
          />
        </FieldRow>
        {text('user_last_name', { required: true, autoComplete: 'family-name' })}
        {text('user_first_name', { required: true, autoComplete: 'given-name' })}
        {text('user_last_name_kana', { required: true, hint: KANA_HINT, autoComplete: 'off' })}
        {text('user_first_name_kana', { required: true, hint: KANA_HINT, autoComplete: 'off' })}
        {text('user_tel', { required: false, hint: TEL_HINT, autoComplete: 'tel', type: 'tel' })}
        <NewPasswordField label="パスワード" row={password} control={form.register('password')} />
        <NewPasswordField
          label="パスワード（確認）"
          row={confirmation}
          control={form.register('password_confirmation')}
        />
        <HoneypotField {...form.register('homepage_url')} />
        <FormSubmitRow disabled={form.isSubmitting}>登録する</FormSubmitRow>
      </Form>
    </>
  );
}
