import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  INQUIRY_BODY_MAX_LENGTH,
  INQUIRY_CATEGORY_CODES,
  INQUIRY_CATEGORY_LABELS,
  inquiryRequestSchema,
} from '#server/contracts/inquiry.ts';
import { inquiryPages } from '#server/contracts/pages/inquiry.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { Button } from '#client/components/button/button.tsx';
import { ExternalLink } from '#client/components/external-link.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { sendInquiry } from '../api/send-inquiry.ts';
import { ChoiceLabel, Select, TextArea, TextInput } from '#client/components/form/form-controls.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { FormActions } from '#client/components/form/form-actions.ts';

type InquiryField = FieldName<typeof inquiryRequestSchema>;

const Form = styled.form`
  display: grid;
`;

const Consent = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  padding-top: ${({ theme }) => theme.spacing.lg};

  p {
    margin: 0;
  }
`;

/** The consent's checkbox: its label in bold, as the form's field names are. */
const ConsentLabel = styled(ChoiceLabel)`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * The inquiry form: checked in the browser with the same schema the server uses, sent through the
 * save flow (overlay, request, toast), then on to the thank-you page. Field errors the server
 * answers (a refused save) appear under their fields.
 */
export function InquiryForm() {
  const config = useAppConfig();
  const api = useApiClient();
  const saveFlow = useSaveFlow();
  const navigate = useNavigate();
  const form = useSchemaForm(inquiryRequestSchema, {
    defaultValues: {
      inquiry_category: '',
      inquiry_company_name: '',
      inquiry_name: '',
      inquiry_name_kana: '',
      inquiry_email: '',
      inquiry_tel: '',
      inquiry_body: '',
      agree_privacy_policy: false,
    },
  });
  const bodyLength = characterCount(form.values.inquiry_body);

  const submit = form.handleSubmit(async (inquiry) => {
    const outcome = await saveFlow.run(() => sendInquiry(api, inquiry));
    if (outcome.status === 'success') {
      // Replaced, so that going back does not land on a filled-in form that was already sent.
      await navigate(inquiryPages.completed.path, { replace: true });
      return;
    }
    form.showServerErrors(outcome.fieldErrors);
  });

  const field = (name: InquiryField, required: boolean, hint?: string) => ({
    name,
    required,
    hint,
    error: form.errors[name],
  });

  const category = field('inquiry_category', true);
  const companyName = field('inquiry_company_name', true);
  const name = field('inquiry_name', true);
  const kana = field('inquiry_name_kana', true, '全角カタカナで入力してください。');
  const email = field('inquiry_email', true, 'ご回答はこのメールアドレスにお送りします。');
  const tel = field('inquiry_tel', false, '半角数字とハイフンで入力してください。例：03-1234-5678');
  const body = field('inquiry_body', true, `${bodyLength} / ${INQUIRY_BODY_MAX_LENGTH}文字`);
  const consentError = form.errors.agree_privacy_policy;

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label="お問い合わせフォーム">
      <FieldRow optionalTag label="お問い合わせ種別" {...category}>
        <Select {...describedControl(category.name, category)} {...form.register('inquiry_category')}>
          <option value="">選択してください</option>
          {INQUIRY_CATEGORY_CODES.map((code) => (
            <option key={code} value={code}>
              {INQUIRY_CATEGORY_LABELS[code]}
            </option>
          ))}
        </Select>
      </FieldRow>
      <FieldRow optionalTag label="会社名" {...companyName}>
        <TextInput
          {...describedControl(companyName.name, companyName)}
          {...form.register('inquiry_company_name')}
          autoComplete="organization"
        />
      </FieldRow>
      <FieldRow optionalTag label="お名前" {...name}>
        <TextInput
          {...describedControl(name.name, name)}
          {...form.register('inquiry_name')}
          autoComplete="name"
        />
      </FieldRow>
      <FieldRow optionalTag label="フリガナ" {...kana}>
        <TextInput {...describedControl(kana.name, kana)} {...form.register('inquiry_name_kana')} />
      </FieldRow>
      <FieldRow optionalTag label="メールアドレス" {...email}>
        <TextInput
          {...describedControl(email.name, email)}
          {...form.register('inquiry_email')}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
      </FieldRow>
      <FieldRow optionalTag label="電話番号" {...tel}>
        <TextInput
          {...describedControl(tel.name, tel)}
          {...form.register('inquiry_tel')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        />
      </FieldRow>
      <FieldRow optionalTag label="お問い合わせ内容" {...body}>
        <TextArea {...describedControl(body.name, body)} {...form.register('inquiry_body')} rows={8} />
      </FieldRow>

      <Consent>
        <p>
          ご入力いただいた個人情報は、お問い合わせへの回答とご連絡のために利用し、
          {config.bank.name}の<ExternalLink href={config.privacy_url}>プライバシーポリシー</ExternalLink>
          に従って取り扱います。
        </p>
        <div>
          <ConsentLabel>
            <input
              type="checkbox"
              {...form.registerCheckbox('agree_privacy_policy')}
              aria-required="true"
              aria-describedby={consentError ? 'agree_privacy_policy-error' : undefined}
            />
            プライバシーポリシーに同意する
          </ConsentLabel>
          {consentError && <ErrorText id="agree_privacy_policy-error">{consentError}</ErrorText>}
        </div>
      </Consent>

      <FormActions>
        <Button type="submit" $variant="main" disabled={form.isSubmitting}>
          送信する
        </Button>
      </FormActions>
    </Form>
  );
}
