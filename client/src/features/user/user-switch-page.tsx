import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { SpreadRow } from '#client/components/page/row-layouts.ts';
import { safeRedirectPath } from '#server/contracts/safe-redirect.ts';
import { Button } from '#client/components/button/button.tsx';
import { VisuallyHidden } from '#client/components/visually-hidden.ts';
import { markSwitchedFrom } from '#client/components/app-bar/impersonation-banner.tsx';
import { usePageLocation } from '#client/lib/page-location.ts';
import { LEAVING, useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { switchToUser, useSwitchableUsers } from './api/switchable-users.ts';
import { MESSAGES } from '#server/contracts/messages.ts';

export const SWITCH_BUTTON_LABEL = 'このユーザーでログイン';
/** What the page says when the switch is refused or fails. */
export const SWITCH_FAILED_MESSAGE = MESSAGES.userSwitchFailed;

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.spacing.lg};

  label {
    display: grid;
    flex: 1 1 16em;
    gap: ${({ theme }) => theme.spacing.xs};
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  input {
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing.sm};
    font: inherit;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

const TableScroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  th,
  td {
    padding: ${({ theme }) => theme.spacing.sm};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    white-space: nowrap;
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Pager = styled(SpreadRow)`
  margin-top: ${({ theme }) => theme.spacing.md};
`;

const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Alert = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * /admin/company/user (system_admin and bank_admin): the bank's users, searchable and paged, each
 * with 「このユーザーでログイン」. Switching stores who the admin was (the switch-from marker that
 * turns the red banner on) and loads the page the gateway names as the new user's, in full.
 */
export function UserSwitchPage() {
  const api = useApiClient();
  const { run } = useCommand();
  const location = usePageLocation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState({ keyword: '', page: 1 });
  const { data, isError, isPending } = useSwitchableUsers(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ keyword: draft.trim(), page: 1 });
  };

  // No success toast: a switch leaves the page, the overlay up until it has gone.
  const switchTo = (userUniqueCode: string) =>
    run(() => switchToUser(api, userUniqueCode), {
      done: false,
      // A refusal (422) says why; anything else the request layer has reported.
      failed: SWITCH_FAILED_MESSAGE,
      serverMessages: 'refusals',
      after: (outcome) => {
        if (outcome.status !== 'success') return undefined;
        markSwitchedFrom(outcome.result.user_switch_from);
        // A path of this bank, or the top page: the answer's redirect_to never takes the admin elsewhere.
        location.assign(safeRedirectPath(outcome.result.redirect_to, window.location.origin) ?? '/');
        return LEAVING;
      },
    });

  const paging = data?.pagingData;
  return (
    <>
      <SearchForm role="search" onSubmit={submit}>
        <label>
          キーワード
          <input
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="氏名・ログインID・企業名"
          />
        </label>
        <Button type="submit" $variant="main">
          検索
        </Button>
      </SearchForm>

      {isError && <Alert role="alert">{LOAD_FAILED_MESSAGE}</Alert>}
      {isPending && <Notice role="status">読み込み中</Notice>}
      {data && data.list.length === 0 && <Notice>該当するユーザーはいません</Notice>}
      {data && data.list.length > 0 && (
        <TableScroll>
          <Table>
            <caption>
              <Notice as="span">{paging?.total_rows}件</Notice>
            </caption>
            <thead>
              <tr>
                <th scope="col">氏名</th>
                <th scope="col">ログインID</th>
                <th scope="col">種別</th>
                <th scope="col">企業名</th>
                <th scope="col">
                  <VisuallyHidden>操作</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <tr key={row.user_unique_code}>
                  <th scope="row">{row.user_name}</th>
                  <td>{row.user_login_id}</td>
                  <td>{row.user_type_name}</td>
                  <td>{row.company_name ?? '—'}</td>
                  <td>
                    <Button
                      type="button"
                      aria-label={`${row.user_name}として${SWITCH_BUTTON_LABEL}`}
                      onClick={() => void switchTo(row.user_unique_code)}
                    >
                      {SWITCH_BUTTON_LABEL}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      {paging && paging.total_pages > 1 && (
        <Pager as="nav" aria-label="ページ送り">
          <Button
            type="button"
            disabled={paging.prev_page === null}
            onClick={() => paging.prev_page !== null && setSearch({ ...search, page: paging.prev_page })}
          >
            前ページ
          </Button>
          <Notice>
            {paging.page} / {paging.total_pages}ページ
          </Notice>
          <Button
            type="button"
            disabled={paging.next_page === null}
            onClick={() => paging.next_page !== null && setSearch({ ...search, page: paging.next_page })}
          >
            次ページ
          </Button>
        </Pager>
      )}
    </>
  );
}
