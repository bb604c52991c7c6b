import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { callKeyPrefix } from '#server/contracts/call.ts';
import {
  COMPANY_ADDRESS_MAX_LENGTH,
  COMPANY_NAME_KANA_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  type CompanyProfile,
  type CompanyProfileFields,
  companyProfileFieldsSchema,
  COMPANY_LOGO_UPLOAD,
  deleteCompanyLogoCall,
  uploadCompanyLogoCall,
  getCompanyProfileCall,
  saveCompanyProfileCall,
} from '#server/contracts/company-profile.ts';
import { schemaFieldRows } from '#client/components/form/schema-field-rows.ts';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { Select, TextInput } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { useImageChoice } from '#client/components/form/use-image-choice.ts';
import { useCurrentUser, useRefreshCurrentUser } from '#client/lib/current-user.ts';
import { type EnteredValues, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { saveWithImage } from '#client/lib/request/save-with-image.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { saveUploadCall } from '#client/lib/request/upload-call.ts';
import { CompanyLogoField, LOGO_FIELD_NAME } from './company-logo-field.tsx';

// One schema for the form's life: the same rules the server validates the save with.
const fieldsSchema = companyProfileFieldsSchema();
type FieldsSchema = typeof fieldsSchema;

const ShortInput = styled(TextInput)`
  max-width: 16em;
`;

const ReadOnly = styled.p`
  margin: 0;
  padding-top: ${({ theme }) => theme.spacing.sm};
`;

const KANA_HINT = '全角カタカナで入力してください。';
const TEL_HINT = '半角数字とハイフンで入力してください。例: 03-1234-5678';

/** The controls' starting values: what the company has. */
function defaultsOf(profile: CompanyProfile): EnteredValues<FieldsSchema> {
  return {
    company_name: profile.company_name,
    company_name_kana: profile.company_name_kana,
    company_tel: profile.company_tel ?? '',
    company_post_code: profile.company_post_code ?? '',
    company_prefecture_code: profile.company_prefecture_code ?? '',
    company_address1: profile.company_address1 ?? '',
    company_address2: profile.company_address2 ?? '',
    company_address3: profile.company_address3 ?? '',
    company_representative_name: profile.company_representative_name ?? '',
    company_industry_major_code: profile.company_industry_major_code ?? '',
    company_industry_middle_code: profile.company_industry_middle_code ?? '',
    company_employee_count: profile.company_employee_count?.toString() ?? '',
    company_website_url: profile.company_website_url ?? '',
  };
}

/**
 * The company's profile (/mypage/company/edit): checked in the browser with the contract's schema
 * (the server's), saved through the save flow (overlay, 登録が完了しました / データの登録に失敗しました)
 * with the server's field errors under their fields. A chosen logo is uploaded, or the logo taken
 * away, once the fields are saved. When the name or the logo changed, the app bar shows the new
 * ones at once (useRefreshCurrentUser: the shell loads the user again).
 */
export function CompanyProfileForm({ profile }: { profile: CompanyProfile }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const saveFlow = useSaveFlow();
  const user = useCurrentUser();
  const refreshCurrentUser = useRefreshCurrentUser();
  const prefectures = useMasterList('prefectures');
  const industries = useMasterList('ba_ca_types');
  const form = useSchemaForm(fieldsSchema, { defaultValues: defaultsOf(profile) });
  const logo = useImageChoice(profile.company_logo_file, COMPANY_LOGO_UPLOAD, LOGO_FIELD_NAME);
  const { values } = form;

  /** Saves the fields, then the logo: the first refusal is the outcome. */
  const send = (body: CompanyProfileFields) =>
    saveWithImage(() => saveCall(api, saveCompanyProfileCall, { body }), logo.choice, {
      upload: (file) => saveUploadCall(api, uploadCompanyLogoCall, { file }),
      remove: () => saveCall(api, deleteCompanyLogoCall, {}),
      attach: (profile, logo) => ({ ...profile, company_logo_file: logo }),
    });

  const submit = form.handleSubmit(async (body) => {
    if (!logo.readyToSave()) return;
    const outcome = await saveFlow.run(() => send(body));
    if (outcome.status === 'error') {
      form.showServerErrors(outcome.fieldErrors);
      logo.showRefusal(outcome.fieldErrors);
      return;
    }
    const logoChanged = logo.saved(outcome.result.company_logo_file);
    await queryClient.invalidateQueries({ queryKey: callKeyPrefix(getCompanyProfileCall) });
    if (logoChanged || outcome.result.company_name !== user?.company_name) await refreshCurrentUser();
  });

  const { field, control } = schemaFieldRows(form);

  const name = field('company_name', true, `${COMPANY_NAME_MAX_LENGTH}文字以内`);
  const kana = field('company_name_kana', true, KANA_HINT);
  const tel = field('company_tel', false, TEL_HINT);
  const postCode = field('company_post_code', true, '例: 104-0061');
  const prefecture = field('company_prefecture_code', true);
  const address1 = field('company_address1', true, `${COMPANY_ADDRESS_MAX_LENGTH}文字以内`);
  const address2 = field('company_address2', true);
  const address3 = field('company_address3', false);
  const representative = field('company_representative_name', false);
  const major = field('company_industry_major_code', true);
  const middle = field('company_industry_middle_code', true);
  const employees = field('company_employee_count', false, '半角数字で入力してください。');
  const website = field('company_website_url', false, '例: https://www.example.co.jp/');
  const middleChoices =
    industries.find((item) => item.code === values.company_industry_major_code)?.children ?? [];

  return (
    <form noValidate aria-label="企業情報の入力" onSubmit={(event) => void submit(event)}>
      {profile.company_corporate_number && (
        <FieldRow name="company_corporate_number" label="法人番号" naming="labelledby">
          <ReadOnly aria-labelledby="company_corporate_number-label">
            {profile.company_corporate_number}
          </ReadOnly>
        </FieldRow>
      )}
      <FieldRow label="企業名" {...name}>
        <TextInput autoComplete="organization" {...control(name)} />
      </FieldRow>
      <FieldRow label="企業名（カナ）" {...kana}>
        <TextInput maxLength={COMPANY_NAME_KANA_MAX_LENGTH * 2} {...control(kana)} />
      </FieldRow>
      <FieldRow label="電話番号" {...tel}>
        <ShortInput inputMode="tel" autoComplete="tel" {...control(tel)} />
      </FieldRow>
      <FieldRow label="郵便番号" {...postCode}>
        <ShortInput inputMode="numeric" autoComplete="postal-code" {...control(postCode)} />
      </FieldRow>
      <FieldRow label="都道府県" {...prefecture}>
        <Select {...control(prefecture)}>
          <option value="">選択してください</option>
          {prefectures.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </Select>
      </FieldRow>
      <FieldRow label="市区町村" {...address1}>
        <TextInput {...control(address1)} />
      </FieldRow>
      <FieldRow label="町名・番地" {...address2}>
        <TextInput {...control(address2)} />
      </FieldRow>
      <FieldRow label="建物名・部屋番号" {...address3}>
        <TextInput {...control(address3)} />
      </FieldRow>
      <FieldRow label="代表者名" {...representative}>
        <TextInput {...control(representative)} />
      </FieldRow>
      <FieldRow label="業種（大分類）" {...major}>
        <Select
          {...control(major)}
          // A 中分類 belongs to one 大分類: changing the 大分類 asks for its 中分類 again.
          onChange={(event) => {
            form.setValue('company_industry_major_code', event.target.value);
            form.setValue('company_industry_middle_code', '');
          }}
        >
          <option value="">選択してください</option>
          {industries.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </Select>
      </FieldRow>
      <FieldRow label="業種（中分類）" {...middle}>
        <Select {...control(middle)}>
          <option value="">{middleChoices.length > 0 ? '選択してください' : '大分類を選んでください'}</option>
          {middleChoices.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </Select>
      </FieldRow>
      <FieldRow label="従業員数" {...employees}>
        <ShortInput inputMode="numeric" {...control(employees)} />
      </FieldRow>
      <FieldRow label="ホームページURL" {...website}>
        <TextInput inputMode="url" autoComplete="url" {...control(website)} />
      </FieldRow>
      <CompanyLogoField
        key={logo.inputKey}
        current={logo.image}
        choice={logo.choice}
        error={logo.error}
        onChange={logo.choose}
      />
      <FormSubmitRow disabled={form.isSubmitting}>保存する</FormSubmitRow>
    </form>
  );
}
