import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import type { CompanyAccount } from '#server/contracts/company-accounts.ts';
import { pagePath } from '#server/contracts/pages/page-list.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import { TextInput } from '#client/components/form/form-controls.ts';
import { StatusTag } from '#client/components/status-tag.tsx';
import { type DataColumn, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';

/** One block of an account page: its heading and what it holds. */
export const AccountSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin-block-end: ${({ theme }) => theme.spacing.xl};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

/** A name, kana or telephone input: short text. */
export const ShortInput = styled(TextInput)`
  max-width: 16em;
`;

/** A last login as the pages show it: 2026年4月1日(水) 10:30, or 未ログイン. */
export const lastLoginText = (value: string | null) => (value ? formatJapaneseDateTime(value) : '未ログイン');

/** An account's state as a tag: 有効 or 無効. */
export function AccountStateTag({ disabled }: { disabled: boolean }) {
  return disabled ? <StatusTag $tone="muted">無効</StatusTag> : <StatusTag $tone="success">有効</StatusTag>;
}

/** One user's page, where their name links to. */
export const accountEditPath = (userUniqueCode: string) =>
  pagePath(settingsPages.employee, { id: userUniqueCode });

export const accountColumn = dataColumnHelper<CompanyAccount>();

/** 氏名: the row's name, a link to the user's page (（あなた） for the viewer). */
export const ACCOUNT_NAME_COLUMN: DataColumn<CompanyAccount> = accountColumn.accessor(
  (account) => `${account.user_last_name} ${account.user_first_name}`,
  {
    id: 'name',
    header: '氏名',
    meta: { rowHeader: true, minWidth: '8em' },
    cell: ({ row, getValue }) => (
      <Link to={accountEditPath(row.original.user_unique_code)}>
        {getValue<string>()}
        {row.original.is_self ? '（あなた）' : ''}
      </Link>
    ),
  },
);

/** ログインID, メールアドレス, 最終ログイン and 状態: what every account list shows after the name. */
export const ACCOUNT_DETAIL_COLUMNS: DataColumn<CompanyAccount>[] = [
  accountColumn.accessor('user_login_id', { header: 'ログインID', meta: { nowrap: true } }),
  accountColumn.accessor('user_email', { header: 'メールアドレス', meta: { minWidth: '12em' } }),
  accountColumn.accessor((account) => lastLoginText(account.user_last_login_at), {
    id: 'last_login',
    header: '最終ログイン',
    meta: { nowrap: true },
  }),
  accountColumn.accessor('user_is_disabled', {
    header: '状態',
    meta: { nowrap: true },
    cell: ({ getValue }) => <AccountStateTag disabled={getValue<boolean>()} />,
  }),
];
