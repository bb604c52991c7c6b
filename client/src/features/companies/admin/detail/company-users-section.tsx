import { useMemo } from 'react';
import { type CompanyUser, LOGIN_SUMMARY_DAYS } from '#server/contracts/company-detail.ts';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { useMasterList } from '#client/lib/master-data.ts';
import { dayTimeOrNone } from './company-detail-display.ts';
import { CompanyDetailSection } from './company-detail-section.tsx';

const column = dataColumnHelper<CompanyUser>();

/**
 * The columns: 氏名 (the row's name), 種別 (the user_types master's name), ログインID, メールアドレス,
 * 利用状況, 最終ログイン and the logins of the last 30 days.
 */
function useUserColumns() {
  const userTypes = useMasterList('user_types');
  return useMemo(
    () =>
      column.columns([
        column.accessor((user) => `${user.user_last_name} ${user.user_first_name}`, {
          id: 'name',
          header: '氏名',
          meta: { rowHeader: true, minWidth: '8em' },
        }),
        column.accessor(
          (user) => userTypes.find((type) => type.code === user.user_type)?.name ?? user.user_type,
          { id: 'type', header: '種別', meta: { nowrap: true } },
        ),
        column.accessor('user_login_id', { header: 'ログインID', meta: { nowrap: true } }),
        column.accessor('user_email', { header: 'メールアドレス', meta: { minWidth: '12em' } }),
        column.accessor((user) => (user.user_is_disabled ? '利用停止' : '利用中'), {
          id: 'disabled',
          header: '利用状況',
          meta: { nowrap: true },
        }),
        column.accessor((user) => dayTimeOrNone(user.user_last_login_at), {
          id: 'last_login',
          header: '最終ログイン',
          meta: { nowrap: true },
        }),
        column.accessor((user) => `${user.recent_login_count}回`, {
          id: 'recent_logins',
          header: `直近${LOGIN_SUMMARY_DAYS}日のログイン`,
          meta: { align: 'end', nowrap: true },
        }),
      ]),
    [userTypes],
  );
}

/** ユーザー: the company's owner, business users and employees, with how often they logged in lately. */
export function CompanyUsersSection({ users }: { users: readonly CompanyUser[] }) {
  const columns = useUserColumns();
  return (
    <CompanyDetailSection title="ユーザー">
      <DataTable
        caption="企業のユーザー"
        captionHidden
        columns={columns}
        data={users}
        getRowId={(user) => user.user_unique_code}
        emptyMessage="ユーザーが登録されていません"
      />
    </CompanyDetailSection>
  );
}
