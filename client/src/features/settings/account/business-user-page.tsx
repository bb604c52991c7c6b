import {
  type BusinessUserForm,
  businessUserFormSchema,
  COMPANY_ACCOUNT_MESSAGES,
  createBusinessUserCall,
  listBusinessUsersCall,
  listCompanyAccountsCall,
  partnerCompanyUserLimitCall,
} from '#server/contracts/company-accounts.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { schemaFieldRows } from '#client/components/form/schema-field-rows.ts';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { PersonNameRows } from '#client/components/form/person-name-rows.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { DataTable } from '#client/components/table/data-table.tsx';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { useAccountCommand } from './account-command.ts';
import {
  ACCOUNT_DETAIL_COLUMNS,
  ACCOUNT_NAME_COLUMN,
  AccountSection,
  accountColumn,
  ShortInput,
} from './account-parts.tsx';

const BUSINESS_USER_COLUMNS = accountColumn.columns([ACCOUNT_NAME_COLUMN, ...ACCOUNT_DETAIL_COLUMNS]);

const EMPTY_FORM: Record<FieldName<typeof businessUserFormSchema>, string> = {
  user_last_name: '',
  user_first_name: '',
  user_last_name_kana: '',
  user_first_name_kana: '',
  user_email: '',
  user_tel: '',
};

/** The new business user's name and contact; they are mailed their login id and a first-password link. */
function BusinessUserCreateForm({ full }: { full: boolean }) {
  const command = useAccountCommand();
  const form = useSchemaForm(businessUserFormSchema, { defaultValues: EMPTY_FORM });
  const submit = form.handleSubmit(async (body: BusinessUserForm) => {
    const outcome = await command(createBusinessUserCall, { body }, [
      listBusinessUsersCall,
      listCompanyAccountsCall,
      partnerCompanyUserLimitCall,
    ]);
    if (outcome.status === 'error') form.showServerErrors(outcome.fieldErrors);
    else form.reset();
  });
  const { field, control } = schemaFieldRows(form);
  const rows = {
    lastName: field('user_last_name', true, '30文字以内'),
    firstName: field('user_first_name', true, '30文字以内'),
    lastKana: field('user_last_name_kana', true, '全角カタカナで入力してください。'),
    firstKana: field('user_first_name_kana', true, '全角カタカナで入力してください。'),
    email: field('user_email', true, 'ログインIDとパスワード設定のご案内をこのアドレスに送ります。'),
    tel: field('user_tel', false, '半角数字とハイフンで入力してください。例: 090-1234-5678'),
  };
  return (
    <form noValidate aria-label="ビジネスユーザーの登録" onSubmit={(event) => void submit(event)}>
      <PersonNameRows rows={rows} control={control} autoComplete="off" />
      <FieldRow label="メールアドレス" {...rows.email}>
        <TextInput type="email" inputMode="email" {...control(rows.email)} />
      </FieldRow>
      <FieldRow label="電話番号" {...rows.tel}>
        <ShortInput inputMode="tel" {...control(rows.tel)} />
      </FieldRow>
      <FormSubmitRow disabled={form.isSubmitting || full}>登録する</FormSubmitRow>
    </form>
  );
}

/**
 * /mypage/setting/account/businessuser: the company's business users (company_user accounts), and a
 * form to add one. A partner company sees its limit (the bank's partner_company_user_limit) and how
 * many it uses; at the limit the form says so instead of sending (the server refuses it anyway).
 */
export function BusinessUserPage() {
  const list = useCallQuery(listBusinessUsersCall, {}, { retry: false });
  // The limit's own call (the spec's), asked only where a partner limit applies.
  const limit = useCallQuery(
    partnerCompanyUserLimitCall,
    {},
    { retry: false, enabled: list.data?.limit != null },
  );
  if (list.isPending) return <LoadingNotice />;
  if (list.isError) return <LoadFailedNotice />;
  const { users, used } = list.data;
  const partnerLimit = list.data.limit;
  const full = partnerLimit !== null && used >= partnerLimit;
  return (
    <>
      <AccountSection aria-labelledby="business-users-heading">
        <h2 id="business-users-heading">ビジネスユーザー一覧</h2>
        {partnerLimit !== null &&
          (limit.isError ? (
            <Notice role="alert">
              <p>{COMPANY_ACCOUNT_MESSAGES.limitFetchFailed}</p>
            </Notice>
          ) : (
            <p>
              登録できるビジネスユーザーは{limit.data?.limit ?? partnerLimit}人までです（有効なユーザー {used}
              人）。
            </p>
          ))}
        <DataTable
          caption="ビジネスユーザー"
          captionHidden
          columns={BUSINESS_USER_COLUMNS}
          data={users}
          getRowId={(account) => account.user_unique_code}
          emptyMessage="ビジネスユーザーはまだ登録されていません"
        />
      </AccountSection>
      <AccountSection aria-labelledby="business-user-create-heading">
        <h2 id="business-user-create-heading">ビジネスユーザーの登録</h2>
        {full && (
          <Notice $tone="info">
            <p>
              上限に達しているため、新しいビジネスユーザーは登録できません。不要なユーザーを無効にすると登録できます。
            </p>
          </Notice>
        )}
        <BusinessUserCreateForm full={full} />
      </AccountSection>
    </>
  );
}
