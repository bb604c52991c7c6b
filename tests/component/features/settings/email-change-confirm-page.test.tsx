import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES } from '#server/contracts/email-change.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { settingsPlainRoutes } from '#client/features/settings/pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { ErrorStatus, requestsTo, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { createProviders, type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';

const CONFIRM = 'POST /api/v1/user/email/confirm';
const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456';

/** The page as the mail's link opens it: nobody logged in, the token in the fragment. */
function renderPage(api: FakeApi, entry: string, bank: (typeof FIXTURE_BANKS)[number] = FIXTURE_BANKS[0]) {
  const { Providers, fetch } = createProviders({ config: bank.config(), user: null, api });
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...settingsPlainRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [entry] },
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

const button = () => screen.findByRole('button', { name: 'メールアドレスの変更を完了する' });

beforeAll(async () => {
  await import('#client/features/settings/email-change/email-change-confirm-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/email/confirm on bank $code', { timeout: 15_000 }, (bank) => {
  it('sends the link’s token only when asked, then says the address has changed', async () => {
    const { fetch, user } = renderPage(
      { [CONFIRM]: () => successAnswer({ user_email: 'new@example.jp' }, EMAIL_CHANGE_MESSAGES.confirmed) },
      `/email/confirm#token=${TOKEN}`,
      bank,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'メールアドレス変更の確認' })).toBeVisible();
    // Opening the link changes nothing: a mail scanner that opens it sends no token.
    expect(requestsTo(fetch, CONFIRM)).toEqual([]);
    await user.click(await button());
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.confirmed)).toBeVisible();
    expect(screen.getByText('新しいメールアドレス：new@example.jp')).toBeVisible();
    expect(sentTo(fetch, CONFIRM)).toEqual([{ token: TOKEN }]);
  });
});

describe('/email/confirm', () => {
  it('says why a link the server refuses opens nothing, and where to ask again', async () => {
    const { user } = renderPage(
      {
        [CONFIRM]: () => ({
          status: 422,
          body: { status: 'error', message: EMAIL_CHANGE_MESSAGES.linkExpired },
        }),
      },
      `/email/confirm#token=${TOKEN}`,
    );
    await user.click(await button());
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_CHANGE_MESSAGES.linkExpired);
    expect(screen.getByRole('link', { name: 'プロフィール設定へ' })).toHaveAttribute(
      'href',
      '/mypage/setting/profile',
    );
  });

  it.each(['/email/confirm', '/email/confirm#token=short', '/email/confirm#other=1'])(
    'refuses a link without a well-formed token (%s) before sending anything',
    async (entry) => {
      const { fetch } = renderPage({}, entry);
      expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_CHANGE_MESSAGES.linkInvalid);
      expect(
        screen.queryByRole('button', { name: 'メールアドレスの変更を完了する' }),
      ).not.toBeInTheDocument();
      expect(requestsTo(fetch, CONFIRM)).toEqual([]);
    },
  );
});
