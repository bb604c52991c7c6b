import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { BadgeCountsProvider, NO_BADGE_COUNTS } from '#client/components/navigation/badge-counts.tsx';
import { CompanyDashboardPage } from '#client/features/dashboard/company-dashboard-page.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { createProviders, type FakeApi, fakeApiClient } from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import { listItem, seminarListItem, success } from '../news/company/news-pages.tsx';

const RECENT: FakeApi = {
  'GET /api/v1/news/recent': () =>
    success({
      list: [
        listItem(1, {
          article_title: 'システムメンテナンスのお知らせ',
          is_read: false,
          article_publish_start: '2026-04-03',
        }),
        listItem(2, { article_title: '年末年始の営業について' }),
      ],
    }),
  'GET /api/v1/seminar/recent': () =>
    success({
      list: [seminarListItem(21)],
    }),
  'GET /api/v1/column/recent': () =>
    success({
      list: [listItem(31, { article_kind: 'column', article_title: '資金繰りの基本', is_read: false })],
    }),
};

/** The dashboard for `user`, with the navigation's unread news count, over a fake API. */
function renderDashboard(
  user: LoggedInUser,
  { api = RECENT, unreadNews = 0, config = FIXTURE_BANKS[0].config() } = {},
) {
  const { Providers, fetch, queryClient } = createProviders({ config, user, api });
  queryClient.setQueryData(masterListQueryOptions(fakeApiClient().api, 'seminar_statuses').queryKey, [
    { code: 'accepting', name: '受付中' },
    { code: 'full', name: '満席' },
  ]);
  const router = createMemoryRouter([{ path: '*', Component: CompanyDashboardPage }], {
    initialEntries: ['/mypage/dashboard'],
  });
  render(
    <Providers>
      <BadgeCountsProvider counts={{ ...NO_BADGE_COUNTS, unreadNews }}>
        <RouterProvider router={router} />
      </BadgeCountsProvider>
    </Providers>,
  );
  return { fetch };
}

const block = (name: string) => screen.findByRole('region', { name });
const withoutPermissions = (userType: UserTypeCode, removed: readonly string[]) => {
  const user = fixtureUser(userType);
  return { ...user, permitted_actions: user.permitted_actions.filter((code) => !removed.includes(code)) };
};

describe.each(FIXTURE_BANKS)('company dashboard news blocks on bank $code', ({ config }) => {
  it('shows the recent news with 未読 marks and a link to all news, the next seminars and the latest columns', async () => {
    renderDashboard(fixtureUser('company_owner'), { config: config(), unreadNews: 3 });
    const news = await block('新着ニュース');
    const unread = await within(news).findByRole('link', { name: '未読 システムメンテナンスのお知らせ' });
    expect(unread.getAttribute('href')).toBe('/mypage/news/detail/1');
    expect(getComputedStyle(unread).fontWeight).toBe('700');
    expect(within(news).getByRole('link', { name: '年末年始の営業について' })).toBeInTheDocument();
    expect(within(news).getByText('2026年4月3日')).toBeInTheDocument();
    expect(within(news).getByRole('link', { name: 'ニュースをすべて見る' }).getAttribute('href')).toBe(
      '/mypage/news',
    );

    const seminars = await block('開催予定のセミナー');
    const seminar = await within(seminars).findByRole('link', { name: '事業承継セミナー' });
    expect(seminar.getAttribute('href')).toBe('/mypage/seminar/detail/21');
    expect(within(seminars).getByText('開催 2026年6月10日(水) 14:00')).toBeInTheDocument();
    expect(within(seminars).getByText('本店 3階 大会議室・受付中')).toBeInTheDocument();

    const columns = await block('新着コラム');
    expect(
      (await within(columns).findByRole('link', { name: '未読 資金繰りの基本' })).getAttribute('href'),
    ).toBe('/mypage/column/detail/31');
  });
});

describe('the unread news badge of the dashboard (spec section 6)', () => {
  it.each(['company_owner', 'partner_company_owner'] as const)('is bold for %s', async (userType) => {
    renderDashboard(fixtureUser(userType), { unreadNews: 3 });
    const title = within(await block('新着ニュース')).getByRole('heading', { level: 2 });
    expect(title.textContent).toContain('（未読3件）');
    expect(title.querySelector('[data-emphasised]')).not.toBeNull();
  });

  it('is shown but not bold for company_user', async () => {
    renderDashboard(fixtureUser('company_user'), { unreadNews: 2 });
    const title = within(await block('新着ニュース')).getByRole('heading', { level: 2 });
    expect(title.textContent).toContain('（未読2件）');
    expect(title.querySelector('[data-emphasised]')).toBeNull();
  });

  it('is not drawn when nothing is unread (an employee is never counted)', async () => {
    renderDashboard(fixtureUser('company_employee'), { unreadNews: 0 });
    const title = within(await block('新着ニュース')).getByRole('heading', { level: 2 });
    expect(title.textContent).toBe('新着ニュース');
  });
});

describe('the dashboard blocks follow the permissions', () => {
  it('leaves out the blocks whose list the user may not read, and asks nothing for them', async () => {
    const { fetch } = renderDashboard(
      withoutPermissions('company_user', ['company_seminar_read', 'company_column_read']),
    );
    expect(await block('新着ニュース')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '開催予定のセミナー' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '新着コラム' })).not.toBeInTheDocument();
    const asked = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://bank.test').pathname);
    expect(asked).not.toContain('/api/v1/seminar/recent');
    expect(asked).not.toContain('/api/v1/column/recent');
  });

  it('shows no news block without company_news_read', async () => {
    renderDashboard(withoutPermissions('company_owner', ['company_news_read']));
    expect(await block('新着コラム')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '新着ニュース' })).not.toBeInTheDocument();
  });

  it('gives an employee the news, seminars and columns, but no management pages', async () => {
    renderDashboard(fixtureUser('company_employee'));
    expect(await block('新着ニュース')).toBeInTheDocument();
    expect(await block('開催予定のセミナー')).toBeInTheDocument();
    expect(await block('新着コラム')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '企業の管理' })).not.toBeInTheDocument();
  });
});

describe('each block fails on its own', () => {
  it('says ニュースの取得に失敗しました。 in the block whose call failed, and the others still show', async () => {
    renderDashboard(fixtureUser('company_owner'), {
      api: { ...RECENT, 'GET /api/v1/news/recent': () => ({ status: 500, body: { status: 'error' } }) },
    });
    const news = await block('新着ニュース');
    expect((await within(news).findByRole('alert')).textContent).toBe('ニュースの取得に失敗しました。');
    expect(
      await within(await block('新着コラム')).findByRole('link', { name: '未読 資金繰りの基本' }),
    ).toBeInTheDocument();
    expect(within(await block('開催予定のセミナー')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when a block has nothing to show', async () => {
    const empty = () => success({ list: [] });
    renderDashboard(fixtureUser('company_owner'), {
      api: {
        'GET /api/v1/news/recent': empty,
        'GET /api/v1/seminar/recent': empty,
        'GET /api/v1/column/recent': empty,
      },
    });
    expect(
      await within(await block('新着ニュース')).findByText('新着のニュースはありません'),
    ).toBeInTheDocument();
    expect(
      await within(await block('開催予定のセミナー')).findByText('開催予定のセミナーはありません'),
    ).toBeInTheDocument();
    expect(
      await within(await block('新着コラム')).findByText('新着のコラムはありません'),
    ).toBeInTheDocument();
  });
});
