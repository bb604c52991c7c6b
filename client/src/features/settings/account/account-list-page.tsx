import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import { COMPANY_ACCOUNT_TYPE_NAMES, listCompanyAccountsCall } from '#server/contracts/company-accounts.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import { DataTable } from '#client/components/table/data-table.tsx';
import { useMenuContext } from '#client/components/navigation/use-menus.ts';
import { LoadFailedNotice } from '#client/components/page/page-states.tsx';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import {
  ACCOUNT_DETAIL_COLUMNS,
  ACCOUNT_NAME_COLUMN,
  AccountSection,
  accountColumn,
} from './account-parts.tsx';
import { EmployeeInvitations } from './employee-invitations.tsx';

/** 氏名, 種別, then the details every account list shows. */
const ACCOUNT_COLUMNS = accountColumn.columns([
  ACCOUNT_NAME_COLUMN,
  accountColumn.accessor((account) => COMPANY_ACCOUNT_TYPE_NAMES[account.user_type], {
    id: 'type',
    header: '種別',
    meta: { nowrap: true },
  }),
  ...ACCOUNT_DETAIL_COLUMNS,
]);

/**
 * /mypage/setting/account (company_setting_account_write): the company's users, each opening their
 * own page to edit or disable them; the invitations of employees by mail (invite, resend, revoke);
 * and, where the user may manage them, the way to the business users.
 */
export function AccountListPage() {
  const accounts = useCallQuery(listCompanyAccountsCall, {});
  const menu = useMenuContext();
  const showsBusinessUsers = menu?.conditions.business_user_setting === true;
  const data = useMemo(() => accounts.data ?? [], [accounts.data]);

  return (
    <>
      <AccountSection aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">アカウント一覧</h2>
        {accounts.isError ? (
          <LoadFailedNotice />
        ) : (
          <DataTable
            caption="企業のアカウント"
            captionHidden
            columns={ACCOUNT_COLUMNS}
            data={data}
            getRowId={(account) => account.user_unique_code}
            busy={accounts.isPending}
            emptyMessage={accounts.isPending ? '読み込み中' : 'アカウントがありません'}
          />
        )}
        {showsBusinessUsers && (
          <p>
            <Link to={settingsPages.businessUsers.path}>ビジネスユーザーの登録・管理はこちら</Link>
          </p>
        )}
      </AccountSection>
      <AccountSection aria-labelledby="invitations-heading">
        <h2 id="invitations-heading">従業員の招待</h2>
        <EmployeeInvitations />
      </AccountSection>
    </>
  );
}
