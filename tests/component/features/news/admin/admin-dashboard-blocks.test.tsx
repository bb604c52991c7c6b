import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import type { AdminArticleListItem } from '#server/contracts/news-staff.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { AdminDashboardPage } from '#client/features/dashboard/admin-dashboard-page.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { createProviders, type FakeAnswer, type FakeApi } from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import { listItem, seedMasterLists } from './staff-pages.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));
const instantFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

type DashboardParts = Record<
  'ending_soon' | 'upcoming_seminars' | 'recently_updated',
  AdminArticleListItem[]
>;
const NOTHING: DashboardParts = { ending_soon: [], upcoming_seminars: [], recently_updated: [] };

/** The staff dashboard's one call (GET /api/v1/admin/article_dashboard), answering these parts. */
function dashboardApi(answer: FakeAnswer | Partial<DashboardParts>): FakeApi {
  const reply =
    'status' in answer && typeof answer.status === 'number'
      ? (answer as FakeAnswer)
      : {
          status: 200,
          body: { status: 'success', result: { ...NOTHING, ...(answer as Partial<DashboardParts>) } },
        };
  return { 'GET /api/v1/admin/article_dashboard': () => reply };
}

function renderDashboard(api: FakeApi) {
  const { Providers, fetch, queryClient } = createProviders({
    config: FIXTURE_BANKS[0].config(),
    user: fixtureUser('bank_admin'),
    api,
  });
  seedMasterLists(queryClient);
  const router = createMemoryRouter([{ path: '*', Component: AdminDashboardPage }], {
    initialEntries: ['/admin/dashboard'],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { fetch };
}

// The blocks are the news domain's lazy dashboard widgets: each appears once its code has loaded.
const block = (name: string) => screen.findByRole('region', { name });

const ENDING: AdminArticleListItem[] = [
  listItem(1, { article_title: '夏季休業のお知らせ', article_publish_end: dayFromToday(20) }),
  listItem(2, { article_title: '本日終了のキャンペーン', article_publish_end: dayFromToday(0) }),
];
/** As the server answers upcoming seminars: soonest first. */
const SEMINARS: AdminArticleListItem[] = [
  listItem(31, {
    article_kind: 'seminar',
    article_title: '相続セミナー',
    seminar_held_at: instantFromNow(3),
    seminar_capacity: 40,
    seminar_applied_count: 8,
    seminar_status: 'accepting',
  }),
  listItem(30, {
    article_kind: 'seminar',
    article_title: 'DXセミナー',
    seminar_held_at: instantFromNow(14),
    seminar_capacity: 20,
    seminar_applied_count: 20,
    seminar_status: 'full',
  }),
];

describe('/admin/dashboard: what the staff need first', () => {
  it('lists items whose publication ends within 30 days, soonest first, each to its edit page', async () => {
    const { fetch } = renderDashboard(dashboardApi({ ending_soon: ENDING }));
    const ending = await block('公開終了が近い記事');
    const items = await within(ending).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      '本日終了のキャンペーン',
      '夏季休業のお知らせ',
    ]);
    expect(within(items[0]!).getByText('本日終了')).toBeInTheDocument();
    expect(within(items[1]!).getByText('あと20日')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/admin/news/detail/1');
    // The three blocks share one call.
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/v1/admin/'))).toHaveLength(1);
  });

  it('lists the next seminars with their applications against the capacity', async () => {
    renderDashboard(dashboardApi({ upcoming_seminars: SEMINARS }));
    const seminars = await block('今後のセミナー');
    const items = await within(seminars).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      '相続セミナー',
      'DXセミナー',
    ]);
    expect(within(items[0]!).getByText('申込 8 / 40名')).toBeInTheDocument();
    expect(within(items[1]!).getByText('申込 20 / 20名')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/満席/)).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/admin/xba/seminar/detail/30');
  });

  it('lists the latest changes across the kinds, newest first', async () => {
    renderDashboard(
      dashboardApi({
        recently_updated: [
          listItem(3, { article_title: '金利のお知らせ', article_updated_at: instantFromNow(-2) }),
          listItem(4, {
            article_kind: 'column',
            article_title: '資金繰りのコラム',
            article_updated_at: instantFromNow(-1),
          }),
        ],
      }),
    );
    const recent = await block('最近更新された記事');
    const items = await within(recent).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      '資金繰りのコラム',
      '金利のお知らせ',
    ]);
    expect(within(items[0]!).getByText('コラム')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/admin/xba/column/detail/4');
  });

  it('says when there is nothing to show', async () => {
    renderDashboard(dashboardApi({}));
    expect(
      await within(await block('公開終了が近い記事')).findByText('30日以内に公開が終了する記事はありません'),
    ).toBeInTheDocument();
    expect(
      await within(await block('最近更新された記事')).findByText('記事はまだありません'),
    ).toBeInTheDocument();
    expect(
      await within(await block('今後のセミナー')).findByText('開催予定のセミナーはありません'),
    ).toBeInTheDocument();
  });

  it('shows データ取得に失敗しました in each block when the call fails', async () => {
    renderDashboard(dashboardApi({ status: 500, body: { status: 'error' } }));
    for (const name of ['公開終了が近い記事', '今後のセミナー', '最近更新された記事']) {
      expect((await within(await block(name)).findByRole('alert')).textContent, name).toBe(
        'データ取得に失敗しました',
      );
    }
  });
});
