import { useState } from 'react';
import { useParams } from '#client/lib/router/index.ts';
import {
  COMPANY_ACCOUNT_MESSAGES,
  COMPANY_ACCOUNT_TYPE_NAMES,
  type CompanyAccountDetail,
  companyAccountCall,
  listCompanyAccountsCall,
  saveCompanyAccountCall,
  setCompanyAccountDisabledCall,
} from '#server/contracts/company-accounts.ts';
import {
  USER_NAME_KANA_MAX_LENGTH,
  USER_NAME_MAX_LENGTH,
  userProfileFieldsSchema,
} from '#server/contracts/user-profile.ts';
import { EMAIL_CHANGE_MESSAGES } from '#server/contracts/email-change.ts';
import { Button } from '#client/components/button/button.tsx';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { type Fact, FactList } from '#client/components/fact-list.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { FormActions } from '#client/components/form/form-actions.ts';
import { schemaFieldRows } from '#client/components/form/schema-field-rows.ts';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { PersonNameRows } from '#client/components/form/person-name-rows.tsx';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { useAccountCommand } from './account-command.ts';
import { AccountSection, AccountStateTag, lastLoginText, ShortInput } from './account-parts.tsx';

const fieldsSchema = userProfileFieldsSchema();

const REFUSALS = {
  self: COMPANY_ACCOUNT_MESSAGES.selfDisable,
  last_owner: COMPANY_ACCOUNT_MESSAGES.lastOwner,
} as const;

function factsOf(account: CompanyAccountDetail): Fact[] {
  return [
    { term: '種別', value: COMPANY_ACCOUNT_TYPE_NAMES[account.user_type] },
    { term: 'ログインID', value: account.user_login_id },
    {
      term: '最終ログイン',
      value: lastLoginText(account.user_last_login_at),
    },
    {
      term: '状態',
      value: <AccountStateTag disabled={account.user_is_disabled} />,
    },
  ];
}

/** The user's name and contact, saved with the same rules as a user's own profile. */
function AccountForm({ account }: { account: CompanyAccountDetail }) {
  const command = useAccountCommand();
  const form = useSchemaForm(fieldsSchema, {
    defaultValues: {
      user_last_name: account.user_last_name,
      user_first_name: account.user_first_name,
      user_last_name_kana: account.user_last_name_kana,
      user_first_name_kana: account.user_first_name_kana,
      user_email: account.user_email,
      user_alternate_email: account.user_alternate_email ?? '',
      user_tel: account.user_tel ?? '',
    },
  });
  const submit = form.handleSubmit(async (body) => {
    const outcome = await command(
      saveCompanyAccountCall,
      { params: { user_unique_code: account.user_unique_code }, body },
      [companyAccountCall, listCompanyAccountsCall],
    );
    if (outcome.status === 'error') form.showServerErrors(outcome.fieldErrors);
    // The new address waits for its link: the form shows the one in effect (decision 0096).
    else if (outcome.result.email_confirmation_sent) form.setValue('user_email', outcome.result.user_email);
  });
  const { field, control } = schemaFieldRows(form);
  const rows = {
    lastName: field('user_last_name', true, `${USER_NAME_MAX_LENGTH}文字以内`),
    firstName: field('user_first_name', true, `${USER_NAME_MAX_LENGTH}文字以内`),
    lastKana: field('user_last_name_kana', true, '全角カタカナで入力してください。'),
    firstKana: field('user_first_name_kana', true, '全角カタカナで入力してください。'),
    email: field(
      'user_email',
      true,
      '例: taro@example.co.jp（変更すると、新しいアドレスに確認のメールをお送りします）',
    ),
    alternate: field('user_alternate_email', false),
    tel: field('user_tel', false, '半角数字とハイフンで入力してください。例: 090-1234-5678'),
  };
  return (
    <form noValidate aria-label="アカウントの入力" onSubmit={(event) => void submit(event)}>
      <PersonNameRows
        rows={rows}
        control={control}
        autoComplete="off"
        kanaMaxLength={USER_NAME_KANA_MAX_LENGTH}
      />
      <FieldRow label="メールアドレス" {...rows.email}>
        <TextInput type="email" inputMode="email" {...control(rows.email)} />
      </FieldRow>
      {account.user_pending_email !== null && (
        <Notice role="status" $tone="info">
          <p>
            {EMAIL_CHANGE_MESSAGES.pendingLabel}：{account.user_pending_email}
          </p>
          <p>{EMAIL_CHANGE_MESSAGES.pendingNote}</p>
        </Notice>
      )}
      <FieldRow label="予備のメールアドレス" {...rows.alternate}>
        <TextInput type="email" inputMode="email" {...control(rows.alternate)} />
      </FieldRow>
      <FieldRow label="電話番号" {...rows.tel}>
        <ShortInput inputMode="tel" {...control(rows.tel)} />
      </FieldRow>
      <FormSubmitRow disabled={form.isSubmitting}>保存する</FormSubmitRow>
    </form>
  );
}

/**
 * 利用状態: disabling asks first (the user is logged out at once and cannot log in); enabling does
 * not. Where disabling would be refused (the viewer themself, the company's last owner) the page
 * says why instead of offering it.
 */
function AccountStatus({ account }: { account: CompanyAccountDetail }) {
  const command = useAccountCommand();
  const [asking, setAsking] = useState(false);
  const name = `${account.user_last_name} ${account.user_first_name}`;
  const setDisabled = async (disabled: boolean) => {
    const outcome = await command(
      setCompanyAccountDisabledCall,
      { params: { user_unique_code: account.user_unique_code }, body: { disabled } },
      [companyAccountCall, listCompanyAccountsCall],
      disabled ? COMPANY_ACCOUNT_MESSAGES.disabled : COMPANY_ACCOUNT_MESSAGES.enabled,
    );
    if (outcome.status === 'success') setAsking(false);
  };
  if (account.user_is_disabled)
    return (
      <>
        <p>このアカウントは無効です。有効にすると、ログインできるようになります。</p>
        <FormActions>
          <Button type="button" onClick={() => void setDisabled(false)}>
            アカウントを有効にする
          </Button>
        </FormActions>
      </>
    );
  if (account.disable_refusal) return <p>{REFUSALS[account.disable_refusal]}。</p>;
  return (
    <>
      <p>無効にしたアカウントではログインできなくなり、利用中の画面もすぐにログアウトされます。</p>
      <FormActions>
        <DangerButton type="button" onClick={() => setAsking(true)}>
          アカウントを無効にする
        </DangerButton>
      </FormActions>
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        title="アカウントの無効化"
        confirmLabel="無効にする"
        tone="danger"
        onConfirm={() => void setDisabled(true)}
      >
        <ConfirmQuestion>{name}さんのアカウントを無効にします。よろしいですか？</ConfirmQuestion>
      </ConfirmDialog>
    </>
  );
}

/**
 * /mypage/setting/account/employee/{id}: one user of the company (owner, business user or
 * employee), to edit their name and contact, or disable them. Another company's user is the 404 page.
 */
export function AccountEditPage() {
  const { id = '' } = useParams();
  const account = useCallQuery(
    companyAccountCall,
    { params: { user_unique_code: id } },
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  if (account.isPending) return <LoadingNotice />;
  if (account.isError) return <LoadFailedNotice />;
  const data = account.data;
  return (
    <>
      <AccountSection aria-labelledby="account-facts-heading">
        <h2 id="account-facts-heading">
          {data.user_last_name} {data.user_first_name}
        </h2>
        <FactList facts={factsOf(data)} />
      </AccountSection>
      <AccountSection aria-labelledby="account-form-heading">
        <h2 id="account-form-heading">氏名・連絡先</h2>
        <AccountForm key={data.user_unique_code} account={data} />
      </AccountSection>
      <AccountSection aria-labelledby="account-status-heading">
        <h2 id="account-status-heading">利用状態</h2>
        <AccountStatus account={data} />
      </AccountSection>
    </>
  );
}
