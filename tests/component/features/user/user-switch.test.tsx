import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwitchableUser } from '#server/contracts/identity.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { UserSwitchPage } from '#client/features/user/user-switch-page.tsx';
import { PageLocationContext } from '#client/lib/page-location.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { createProviders, type FakeAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PEOPLE: SwitchableUser[] = Array.from({ length: 30 }, (_, index) => ({
  user_unique_code: `user-${index + 1}`,
  user_login_id: `login-${index + 1}`,
  user_name: `利用者 ${index + 1}`,
  user_type: index === 0 ? 'company_owner' : 'company_user',
  user_type_name: index === 0 ? '企業オーナー' : '企業ユーザー',
  company_name: index === 0 ? '株式会社さくら精工' : null,
}));

/** The user switch page for a bank admin, over a fake API whose list filters and pages like the server. */
function renderSwitchPage(switchAnswer: (body: unknown) => FakeAnswer = () => ({ status: 500, body: {} })) {
  const location = { assign: vi.fn(), reload: vi.fn() };
  const { Providers, fetch } = createProviders({
    config: FIXTURE_BANKS[0].config(),
    user: fixtureUser('bank_admin'),
    api: {
      'GET /api/v1/user/switchable': (_body, url) => ({ status: 200, body: listAnswer(url) }),
      'POST /api/v1/user/switch': (body) => switchAnswer(body),
    },
  });
  const router = createMemoryRouter([{ path: '*', Component: UserSwitchPage }], {
    initialEntries: ['/admin/company/user'],
  });
  render(
    <PageLocationContext value={location}>
      <Providers>
        <RouterProvider router={router} />
        <ToastViewport />
      </Providers>
    </PageLocationContext>,
  );
  return { location, fetch };
}

/** The fake list endpoint: filters by keyword and pages like the server (25 rows). */
function listAnswer(url: URL) {
  const keyword = url.searchParams.get('keyword') ?? '';
  const page = Number(url.searchParams.get('page'));
  const rows = Number(url.searchParams.get('rows'));
  const matching = PEOPLE.filter((person) => person.user_name.includes(keyword));
  return {
    status: 'success',
    result: {
      list: matching.slice((page - 1) * rows, page * rows),
      paging_data: buildPagingData(matching.length, page, rows),
    },
  };
}

beforeEach(() => {
  localStorage.clear();
});

describe('/admin/company/user: switching to another user of the bank', () => {
  it('lists the users, pages with 次ページ / 前ページ and searches by keyword', async () => {
    const user = userEvent.setup();
    const { fetch } = renderSwitchPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(within(table).getByRole('rowheader', { name: '利用者 1' })).toBeInTheDocument();
    expect(screen.getByText('30件')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '次ページ' }));
    expect(await screen.findByRole('rowheader', { name: '利用者 26' })).toBeInTheDocument();
    expect((screen.getByRole('button', { name: '次ページ' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: '前ページ' }));
    expect(await screen.findByRole('rowheader', { name: '利用者 1' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'キーワード' }), '利用者 3');
    await user.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByText('2件')).toBeInTheDocument();
    const asked = new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://bank.test');
    expect(asked.searchParams.get('keyword')).toBe('利用者 3');
    expect(asked.searchParams.get('page')).toBe('1');
  });

  it('このユーザーでログイン: posts the user, keeps the switch-from marker and loads redirect_to in full', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const { fetch, location } = renderSwitchPage((body) => {
      sent.push(body);
      return {
        status: 200,
        body: {
          status: 'success',
          result: { user_switch_from: 'user-bankadmin', redirect_to: '/mypage/dashboard' },
        },
      };
    });
    const row = (await screen.findByRole('rowheader', { name: '利用者 1' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /このユーザーでログイン/ }));

    expect(sent).toEqual([{ user_unique_code: 'user-1' }]);
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(localStorage.getItem('user_switch_from')).toBe('user-bankadmin');
    expect(location.assign).toHaveBeenCalledWith('/mypage/dashboard');
  });

  it.each(['/.//evil.example', '/\\evil.example', '//evil.example', 'https://evil.example/'])(
    'loads the top page instead of a redirect_to that would leave the bank (%s)',
    async (redirectTo) => {
      const user = userEvent.setup();
      const { location } = renderSwitchPage(() => ({
        status: 200,
        body: { status: 'success', result: { user_switch_from: 'user-bankadmin', redirect_to: redirectTo } },
      }));
      const row = (await screen.findByRole('rowheader', { name: '利用者 1' })).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: /このユーザーでログイン/ }));
      expect(location.assign).toHaveBeenCalledExactlyOnceWith('/');
    },
  );

  it('stays and says why when the switch is refused', async () => {
    const user = userEvent.setup();
    const { location } = renderSwitchPage(() => ({
      status: 422,
      body: { status: 'error', message: 'このユーザーには切り替えられません' },
    }));
    const row = (await screen.findByRole('rowheader', { name: '利用者 2' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /このユーザーでログイン/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('このユーザーには切り替えられません');
    expect(localStorage.getItem('user_switch_from')).toBeNull();
    expect(location.assign).not.toHaveBeenCalled();
  });
});
