import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import {
  businessUserLimitMessage,
  COMPANY_ACCOUNT_MESSAGES,
  type CompanyAccount,
  type CompanyAccountDetail,
} from '#server/contracts/company-accounts.ts';
import { EMAIL_CHANGE_MESSAGES } from '#server/contracts/email-change.ts';
import type { Invitation } from '#server/contracts/employee-invitation.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { settingsRoutes } from '#client/features/settings/pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeAnswer,
  type FakeApi,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { ErrorStatus, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const ACCOUNTS_CALL = 'GET /api/v1/setting/account';
const INVITATIONS_CALL = 'GET /api/v1/company/employee/invitations';
const INVITE_CALL = 'POST /api/v1/company/employee/invitations';
const REVOKE_CALL = 'POST /api/v1/company/employee/invitations/revoke';
const BUSINESS_USERS_CALL = 'GET /api/v1/setting/account/businessuser';
const LIMIT_CALL = 'GET /api/v1/setting/partner_company_user_limit';
const CREATE_CALL = 'POST /api/v1/setting/account/businessuser/create';

const account = (change: Partial<CompanyAccount> = {}): CompanyAccount => ({
  user_unique_code: 'employee-code',
  user_type: 'company_employee',
  user_login_id: 'employee-0182',
  user_last_name: '高橋',
  user_first_name: '大輔',
  user_email: 'daisuke@example.co.jp',
  user_last_login_at: '2026-11-20T01:30:00.000Z',
  user_is_disabled: false,
  is_self: false,
  ...change,
});
const OWNER = account({
  user_unique_code: 'owner-code',
  user_type: 'company_owner',
  user_login_id: 'owner-0182',
  user_last_name: '佐藤',
  user_first_name: '健一',
  is_self: true,
});
const detail = (change: Partial<CompanyAccountDetail> = {}): CompanyAccountDetail => ({
  ...account(),
  user_last_name_kana: 'タカハシ',
  user_first_name_kana: 'ダイスケ',
  user_pending_email: null,
  user_alternate_email: null,
  user_tel: null,
  disable_refusal: null,
  ...change,
});
const invitation = (change: Partial<Invitation> = {}): Invitation => ({
  invitation_unique_code: 'inv-1',
  email: 'new-hire@example.co.jp',
  name: '新人 太郎',
  state: 'pending',
  invited_by_name: '佐藤 健一',
  created_at: '2026-11-24T00:00:00.000Z',
  expires_at: '2026-12-01T00:00:00.000Z',
  used_at: null,
  ...change,
});

function renderAt(
  path: string,
  api: FakeApi,
  options: { user?: LoggedInUser; config?: PublicAppConfig } = {},
) {
  const { Providers, fetch } = createProviders({
    user: options.user ?? fixtureUser('company_owner'),
    config: options.config ?? FIXTURE_BANKS[0].config(),
    api,
  });
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...settingsRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { fetch, user: userEvent.setup() };
}

beforeAll(async () => {
  await import('#client/features/settings/account/account-list-page.tsx');
  await import('#client/features/settings/account/account-edit-page.tsx');
  await import('#client/features/settings/account/business-user-page.tsx');
}, 30_000);

describe('/mypage/setting/account', () => {
  it("lists the company's accounts with type, login id, e-mail, last login and state, each opening its page", async () => {
    renderAt('/mypage/setting/account', {
      [ACCOUNTS_CALL]: () => successAnswer([OWNER, account({ user_is_disabled: true })]),
      [INVITATIONS_CALL]: () => successAnswer([]),
    });
    const table = await screen.findByRole('table', { name: '企業のアカウント' });
    const employeeRow = (await within(table).findByRole('link', { name: '高橋 大輔' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(employeeRow).getByText('従業員')).toBeInTheDocument();
    expect(within(employeeRow).getByText('employee-0182')).toBeInTheDocument();
    expect(within(employeeRow).getByText('無効')).toBeInTheDocument();
    expect(within(employeeRow).getByRole('link', { name: '高橋 大輔' })).toHaveAttribute(
      'href',
      '/mypage/setting/account/employee/employee-code',
    );
    expect(within(table).getByRole('link', { name: '佐藤 健一（あなた）' })).toBeInTheDocument();
  });

  it('invites an employee by mail and lists the invitation; a pending one can be revoked', async () => {
    let invitations: Invitation[] = [];
    const { fetch, user } = renderAt('/mypage/setting/account', {
      [ACCOUNTS_CALL]: () => successAnswer([OWNER]),
      [INVITATIONS_CALL]: () => successAnswer(invitations),
      [INVITE_CALL]: () => {
        invitations = [invitation()];
        return successAnswer(invitation(), '招待メールを送信しました');
      },
      [REVOKE_CALL]: () => {
        invitations = [invitation({ state: 'revoked' })];
        return successAnswer(invitation({ state: 'revoked' }), '招待を取り消しました');
      },
    });
    const form = await screen.findByRole('form', { name: '従業員の招待' });
    await user.click(within(form).getByRole('button', { name: '招待メールを送る' }));
    expect(await within(form).findByText(VALIDATION_MESSAGES.required)).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /メールアドレス/ }), 'new-hire@example.co.jp');
    await user.type(within(form).getByRole('textbox', { name: /お名前/ }), '新人 太郎');
    await user.click(within(form).getByRole('button', { name: '招待メールを送る' }));
    expect(await screen.findByText('招待メールを送信しました')).toBeInTheDocument();
    expect(sentTo(fetch, INVITE_CALL)).toEqual([{ email: 'new-hire@example.co.jp', name: '新人 太郎' }]);

    const table = await screen.findByRole('table', { name: '招待の一覧' });
    const row = await within(table).findByRole('row', { name: /new-hire@example.co.jp/ });
    expect(within(row).getByText('招待中')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /取り消す/ }));
    expect(await screen.findByText('招待を取り消しました')).toBeInTheDocument();
    expect(sentTo(fetch, REVOKE_CALL)).toEqual([{ invitation_unique_code: 'inv-1' }]);
    expect(await within(table).findByText('取り消し')).toBeInTheDocument();
  });
});

describe('/mypage/setting/account/employee/{id}', () => {
  const DETAIL_CALL = 'GET /api/v1/setting/account/user/employee-code';
  const DISABLE_CALL = 'POST /api/v1/setting/account/user/employee-code/disable';
  const SAVE_CALL = 'POST /api/v1/setting/account/user/employee-code/save';

  it('disables the user after asking, and then offers to enable them', async () => {
    let current = detail();
    const { fetch, user } = renderAt('/mypage/setting/account/employee/employee-code', {
      [DETAIL_CALL]: () => successAnswer(current),
      [ACCOUNTS_CALL]: () => successAnswer([]),
      [DISABLE_CALL]: (body) => {
        current = detail({ user_is_disabled: (body as { disabled: boolean }).disabled });
        return successAnswer(current, COMPANY_ACCOUNT_MESSAGES.disabled);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'アカウントを無効にする' }));
    const dialog = await screen.findByRole('dialog', { name: 'アカウントの無効化' });
    expect(
      within(dialog).getByText('高橋 大輔さんのアカウントを無効にします。よろしいですか？'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '無効にする' }));
    expect(await screen.findByText(COMPANY_ACCOUNT_MESSAGES.disabled)).toBeInTheDocument();
    expect(sentTo(fetch, DISABLE_CALL)).toEqual([{ disabled: true }]);
    expect(await screen.findByRole('button', { name: 'アカウントを有効にする' })).toBeInTheDocument();
  });

  it('says a confirmation mail was sent for a new e-mail address, and shows the address waiting for its link', async () => {
    let current = detail();
    const { fetch, user } = renderAt('/mypage/setting/account/employee/employee-code', {
      [DETAIL_CALL]: () => successAnswer(current),
      [ACCOUNTS_CALL]: () => successAnswer([]),
      [SAVE_CALL]: (body) => {
        current = detail({ user_pending_email: (body as { user_email: string }).user_email });
        return successAnswer(
          { ...current, email_confirmation_sent: true },
          COMPANY_ACCOUNT_MESSAGES.savedEmailPending,
        );
      },
    });
    const email = await screen.findByRole('textbox', { name: 'メールアドレス 必須' });
    await user.clear(email);
    await user.type(email, 'daisuke.new@example.co.jp');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText(COMPANY_ACCOUNT_MESSAGES.savedEmailPending)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toMatchObject([{ user_email: 'daisuke.new@example.co.jp' }]);
    expect(
      await screen.findByText(`${EMAIL_CHANGE_MESSAGES.pendingLabel}：daisuke.new@example.co.jp`),
    ).toBeInTheDocument();
    // Until the link is followed the address is the old one, and the form says so.
    expect(email).toHaveValue(detail().user_email);
  });

  it('says why the last owner cannot be disabled instead of offering it', async () => {
    renderAt('/mypage/setting/account/employee/employee-code', {
      [DETAIL_CALL]: () =>
        successAnswer(detail({ user_type: 'company_owner', disable_refusal: 'last_owner' })),
    });
    expect(await screen.findByText(`${COMPANY_ACCOUNT_MESSAGES.lastOwner}。`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'アカウントを無効にする' })).toBeNull();
  });

  it("shows the 404 page for a user the company doesn't have", async () => {
    renderAt('/mypage/setting/account/employee/someone-else', {});
    expect(await screen.findByText(/404|見つかりません/)).toBeInTheDocument();
  });
});

describe('/mypage/setting/account/businessuser', () => {
  const partner = fixtureUser('partner_company_owner');

  it('shows the partner limit, refuses nothing below it, and says the server’s refusal at it', async () => {
    const { fetch, user } = renderAt(
      '/mypage/setting/account/businessuser',
      {
        [BUSINESS_USERS_CALL]: () => successAnswer({ users: [], limit: 3, used: 2 }),
        [LIMIT_CALL]: () => successAnswer({ limit: 3, used: 2 }),
        [CREATE_CALL]: (): FakeAnswer => ({
          status: 422,
          body: { status: 'error', message: businessUserLimitMessage(3) },
        }),
      },
      { user: partner },
    );
    expect(
      await screen.findByText('登録できるビジネスユーザーは3人までです（有効なユーザー 2人）。'),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'ビジネスユーザーの登録' });
    await user.type(within(form).getByRole('textbox', { name: /氏名（姓）/ }), '営業');
    await user.type(within(form).getByRole('textbox', { name: /氏名（名）/ }), '次郎');
    await user.type(within(form).getByRole('textbox', { name: /氏名カナ（姓）/ }), 'エイギョウ');
    await user.type(within(form).getByRole('textbox', { name: /氏名カナ（名）/ }), 'ジロウ');
    await user.type(within(form).getByRole('textbox', { name: /メールアドレス/ }), 'jiro@example.co.jp');
    await user.click(within(form).getByRole('button', { name: '登録する' }));
    expect(await screen.findByText(businessUserLimitMessage(3))).toBeInTheDocument();
    expect(sentTo(fetch, CREATE_CALL)).toHaveLength(1);
  });

  it('says the spec’s words when the limit cannot be fetched', async () => {
    renderAt(
      '/mypage/setting/account/businessuser',
      {
        [BUSINESS_USERS_CALL]: () => successAnswer({ users: [], limit: 3, used: 0 }),
        [LIMIT_CALL]: (): FakeAnswer => ({ status: 500, body: { status: 'error', message: 'x' } }),
      },
      { user: partner },
    );
    await waitFor(() =>
      expect(screen.getByText(COMPANY_ACCOUNT_MESSAGES.limitFetchFailed)).toBeInTheDocument(),
    );
  });

  it('says the list could not be loaded when the server refuses it', async () => {
    renderAt('/mypage/setting/account/businessuser', {
      [BUSINESS_USERS_CALL]: (): FakeAnswer => ({
        status: 403,
        body: { status: 'error', message: COMPANY_ACCOUNT_MESSAGES.businessUserNotPermitted },
      }),
    });
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
  });
});
