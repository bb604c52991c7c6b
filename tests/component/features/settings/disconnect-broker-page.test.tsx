import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { IDENTITY_LINK_MESSAGES, type IdentityLinkState } from '#server/contracts/identity-link.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { identityLinkRoutes } from '#client/features/settings/identity-link/identity-link-pages.tsx';
import { type PageLocation, PageLocationContext } from '#client/lib/page-location.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { ErrorStatus, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import {
  createProviders,
  type FakeAnswer,
  type FakeApi,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PAGE = '/disconnect/broker';
const LINKS = 'GET /api/v1/user/identity_link';
const DISCONNECT = 'POST /api/v1/user/identity_link/disconnect';
const PROVIDER_LOGOUT =
  'http://localhost:3001/oidc/bank0182/session/end?post_logout_redirect_uri=http%3A%2F%2Fbank0182.localhost%3A3000%2Flogin&client_id=portal-bank0182';

const linked = (bankName: string): IdentityLinkState => ({
  impersonating: false,
  links: [
    {
      provider: 'bamidp',
      provider_name: `${bankName} ログイン`,
      masked_subject: 'a1********9f',
      // 2026-04-01 10:00 and 2026-04-15 09:30 in Japan.
      linked_at: '2026-04-01T01:00:00.000Z',
      last_login_at: '2026-04-15T00:30:00.000Z',
    },
  ],
});

/** The page as the app shows it (plain layout's content), with a page location that records where it sent the browser. */
function renderPage({
  api,
  userType = 'company_owner',
  bank = FIXTURE_BANKS[0],
}: {
  api: FakeApi;
  userType?: UserTypeCode | null;
  bank?: (typeof FIXTURE_BANKS)[number];
}) {
  const { Providers, fetch } = createProviders({
    config: bank.config(),
    user: userType === null ? null : fixtureUser(userType),
    api,
  });
  const pageLocation = { assign: vi.fn<PageLocation['assign']>(), reload: vi.fn<PageLocation['reload']>() };
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...identityLinkRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [PAGE] },
  );
  render(
    <PageLocationContext value={pageLocation}>
      <Providers>
        <RouterProvider router={router} />
        <ToastViewport />
        <OverlaySpinner />
      </Providers>
    </PageLocationContext>,
  );
  return { fetch, pageLocation, user: userEvent.setup() };
}

beforeAll(async () => {
  await import('#client/features/settings/identity-link/disconnect-broker-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/disconnect/broker on bank $code', { timeout: 15_000 }, (bank) => {
  it('shows the linked account (the bank’s provider, the subject masked, since when, the last login)', async () => {
    const bankName = bank.config().bank.name;
    renderPage({ api: { [LINKS]: () => successAnswer(linked(bankName)) }, bank });
    const card = await screen.findByRole('region', { name: `${bankName} ログイン` });
    expect(within(card).getByRole('heading', { name: `${bankName} ログイン` })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'アカウント連携の解除' })).toBeVisible();
    expect(within(card).getByText('a1********9f')).toBeVisible();
    expect(within(card).getByText('2026年4月1日(水) 10:00')).toBeVisible();
    expect(within(card).getByText('2026年4月15日(水) 9:30')).toBeVisible();
    expect(screen.getByText(/すべてのログインが終了し、ログイン画面に移ります/)).toBeVisible();
    expect(
      screen.getByText(/次回ログインしたときに、ログインに使ったアカウントと改めて連携されます/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'ダッシュボードへ戻る' })).toHaveAttribute(
      'href',
      '/mypage/dashboard',
    );
  });

  it('unlinks on 連携を解除する and sends the browser where the server says (the provider’s logout, then /login)', async () => {
    const { user, fetch, pageLocation } = renderPage({
      api: {
        [LINKS]: () => successAnswer(linked(bank.config().bank.name)),
        [DISCONNECT]: () => successAnswer({ redirect_to: PROVIDER_LOGOUT }),
      },
      bank,
    });
    await user.click(await screen.findByRole('button', { name: '連携を解除する' }));
    await vi.waitFor(() => expect(pageLocation.assign).toHaveBeenCalledWith(PROVIDER_LOGOUT));
    expect(sentTo(fetch, DISCONNECT)).toEqual([{}]);
  });
});

describe('/disconnect/broker when there is nothing to unlink', { timeout: 15_000 }, () => {
  it('asks a visitor to log in first, and comes back here after', async () => {
    const { fetch } = renderPage({ api: {}, userType: null });
    expect(await screen.findByText('アカウント連携の解除には、ログインが必要です。')).toBeVisible();
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute(
      'href',
      '/login?r=%2Fdisconnect%2Fbroker',
    );
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('identity_link'))).toEqual([]);
  });

  it('tells a staff member acting as the user that it cannot be done while switched', async () => {
    renderPage({ api: { [LINKS]: () => successAnswer({ impersonating: true, links: [] }) } });
    expect(await screen.findByText(IDENTITY_LINK_MESSAGES.impersonating)).toBeVisible();
    expect(screen.queryByRole('button', { name: '連携を解除する' })).not.toBeInTheDocument();
  });

  it('tells a user with no link so, and leads a staff member back to the admin dashboard', async () => {
    renderPage({
      api: { [LINKS]: () => successAnswer({ impersonating: false, links: [] }) },
      userType: 'bank_admin',
    });
    expect(await screen.findByText(IDENTITY_LINK_MESSAGES.notLinked)).toBeVisible();
    expect(screen.queryByRole('button', { name: '連携を解除する' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ダッシュボードへ戻る' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it('says データ取得に失敗しました when the links cannot be read', async () => {
    renderPage({
      api: { [LINKS]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }) },
    });
    expect(await screen.findByText('データ取得に失敗しました')).toBeVisible();
  });

  it('shows a refusal of the unlinking and reads the page again, staying here', async () => {
    let state = linked('しおさい銀行');
    const refusal: FakeAnswer = {
      status: 422,
      body: { status: 'error', message: IDENTITY_LINK_MESSAGES.notLinked },
    };
    const { user, pageLocation } = renderPage({
      api: {
        [LINKS]: () => successAnswer(state),
        [DISCONNECT]: () => {
          state = { impersonating: false, links: [] };
          return refusal;
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: '連携を解除する' }));
    expect(await screen.findAllByText(IDENTITY_LINK_MESSAGES.notLinked)).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: '連携を解除する' })).not.toBeInTheDocument();
    expect(pageLocation.assign).not.toHaveBeenCalled();
  });

  it('says アカウント連携の解除に失敗しました when the unlinking fails without a reason', async () => {
    const { user, pageLocation } = renderPage({
      api: {
        [LINKS]: () => successAnswer(linked('しおさい銀行')),
        [DISCONNECT]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: '連携を解除する' }));
    expect(await screen.findByText(IDENTITY_LINK_MESSAGES.disconnectFailed)).toBeVisible();
    expect(screen.getByRole('button', { name: '連携を解除する' })).toBeEnabled();
    expect(pageLocation.assign).not.toHaveBeenCalled();
  });
});
