import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  COMPANY_CREATE_MESSAGES,
  companyCreateSchema,
  createCompanyCall,
} from '#server/contracts/company-create.ts';
import { useToast } from '#client/components/feedback/toast.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { Select, TextInput } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { type EnteredValues, type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { companyDetailPath } from '../company-desk-paths.ts';

type Schema = typeof companyCreateSchema;
type Field = FieldName<Schema>;

const Section = styled.section`
  display: grid;

  & + & {
    margin-top: ${({ theme }) => theme.spacing.lg};
  }
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
`;

const EMPTY: EnteredValues<Schema> = {
  company_name: '',
  company_name_kana: '',
  company_type: '',
  company_corporate_number: '',
  bb_id: '',
  user_last_name: '',
  user_first_name: '',
  user_last_name_kana: '',
  user_first_name_kana: '',
  user_email: '',
  user_tel: '',
};

/** A text field's row: its label, 必須 when required, the hint, and the message under it. */
interface TextRowProps {
  name: Field;
  label: string;
  required?: boolean;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
}

/**
 * /admin/company/create's form: the company (name, kana, type, corporate number, the branch that
 * looks after it) and its owner (name, kana, e-mail, tel), checked in the browser with the call's
 * own schema. Saved through the save flow; 保存しました, then the new company's page. The server's
 * refusals (a corporate number another company holds, a branch that is no longer open) go under
 * their fields.
 */
export function CompanyCreateForm() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run } = useCommand();
  const toast = useToast();
  const navigate = useNavigate();
  const companyTypes = useMasterList('company_types');
  const branches = useMasterList('bank_branches');
  const form = useSchemaForm(companyCreateSchema, { defaultValues: EMPTY });
  const { errors } = form;

  const submit = form.handleSubmit(async (fields) => {
    const outcome = await run(() => saveCall(api, createCompanyCall, { body: fields }), {
      done: COMPANY_CREATE_MESSAGES.saved,
    });
    if (!outcome) return;
    if (outcome.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: [createCompanyCall.domain] });
      await navigate(companyDetailPath(outcome.result.company_unique_code));
      return;
    }
    for (const message of form.showServerErrors(outcome.fieldErrors)) toast.error(message);
  });

  function textRow({ name, label, required = false, hint, type = 'text', autoComplete }: TextRowProps) {
    const id = `company-create-${name}`;
    return (
      <FieldRow name={id} label={label} required={required} hint={hint} error={errors[name]}>
        <TextInput
          type={type}
          autoComplete={autoComplete ?? 'off'}
          {...form.register(name)}
          {...describedControl(id, { required, hint, error: errors[name] })}
        />
      </FieldRow>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="企業の新規作成">
      <Section aria-labelledby="company-create-company">
        <Heading id="company-create-company">企業の情報</Heading>
        {textRow({ name: 'company_name', label: '企業名', required: true })}
        {textRow({
          name: 'company_name_kana',
          label: '企業名（カナ）',
          required: true,
          hint: '全角カタカナで入力してください',
        })}
        <FieldRow name="company-create-company_type" label="企業種別" required error={errors.company_type}>
          <Select
            {...form.register('company_type')}
            {...describedControl('company-create-company_type', {
              required: true,
              error: errors.company_type,
            })}
          >
            <option value="">選択してください</option>
            {companyTypes.map((type) => (
              <option key={type.code} value={type.code}>
                {type.name}
              </option>
            ))}
          </Select>
        </FieldRow>
        {textRow({
          name: 'company_corporate_number',
          label: '法人番号',
          hint: '13桁の半角数字（個人事業主の場合は空欄）',
        })}
        <FieldRow name="company-create-bb_id" label="お取引店" required error={errors.bb_id}>
          <Select
            {...form.register('bb_id')}
            {...describedControl('company-create-bb_id', { required: true, error: errors.bb_id })}
          >
            <option value="">選択してください</option>
            {branches.map((branch) => (
              <option key={branch.bb_id} value={String(branch.bb_id)}>
                {branch.bb_name}（{branch.bb_code}）
              </option>
            ))}
          </Select>
        </FieldRow>
      </Section>
      <Section aria-labelledby="company-create-owner">
        <Heading id="company-create-owner">オーナーの情報</Heading>
        {textRow({ name: 'user_last_name', label: '姓', required: true })}
        {textRow({ name: 'user_first_name', label: '名', required: true })}
        {textRow({ name: 'user_last_name_kana', label: '姓（カナ）', required: true })}
        {textRow({ name: 'user_first_name_kana', label: '名（カナ）', required: true })}
        {textRow({
          name: 'user_email',
          label: 'メールアドレス',
          required: true,
          type: 'email',
          hint: 'ログインIDと初回パスワード設定のご案内をこのアドレスにお送りします',
        })}
        {textRow({ name: 'user_tel', label: '電話番号', type: 'tel', hint: '例：03-1234-5678' })}
      </Section>
      <FormSubmitRow disabled={form.isSubmitting}>保存する</FormSubmitRow>
    </form>
  );
}
