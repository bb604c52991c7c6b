import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticleListItem } from '#server/contracts/news-staff.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { listAnswer, listItem, renderStaffPage, sentBodies, preloadStaffPages } from './staff-pages.tsx';

beforeAll(preloadStaffPages, 30_000);

const NEWS: AdminArticleListItem[] = Array.from({ length: 60 }, (_, index) => listItem(index + 1));

/** The fake list endpoint: pages NEWS like the server. */
function pagedNews(body: unknown) {
  const { page, rows } = body as { page: number; rows: number };
  return listAnswer(NEWS.slice((page - 1) * rows, page * rows), page, rows, NEWS.length);
}

describe.each(FIXTURE_BANKS)('/admin/news: the staff’s news list on bank $code', (bank) => {
  it('lists the bank’s news, 25 a page, each title opening its edit page', async () => {
    const { fetch } = renderStaffPage('/admin/news', {
      bank,
      api: { 'POST /api/v1/admin/news/search': pagedNews },
    });
    const table = await screen.findByRole('table', { name: 'ニュース一覧' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['タイトル', 'カテゴリ', 'ステータス', '公開期間', '対象', '提供元', '更新日時']);
    const title = within(table).getByRole('link', { name: 'お知らせ 3' });
    expect(title.getAttribute('href')).toBe('/admin/news/detail/3');
    expect(within(title.closest('tr')!).getByText('公開中')).toBeInTheDocument();
    expect(within(title.closest('tr')!).getByText('2026/04/01〜')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/news/search')).toEqual([
      { rows: 25, page: 1, conditions: {} },
    ]);
  });

  it('sends each search condition, keeps them in the URL, and back returns to the previous search', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderStaffPage('/admin/news', {
      bank,
      api: { 'POST /api/v1/admin/news/search': pagedNews },
    });
    await screen.findByRole('table');
    const search = screen.getByRole('search', { name: '検索条件' });
    await user.type(within(search).getByRole('searchbox', { name: 'キーワード' }), '営業時間');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'カテゴリ' }), '重要なお知らせ');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'ステータス' }), '公開中');
    await user.type(within(search).getByLabelText('公開期間（から）'), '2026-04-01');
    await user.type(within(search).getByLabelText('公開期間（まで）'), '2026-06-30');
    await user.click(
      within(within(search).getByRole('group', { name: '対象' })).getByLabelText('パートナー企業のみ'),
    );
    await user.click(
      within(within(search).getByRole('group', { name: '金融機関' })).getByLabelText('他行・運営'),
    );
    await user.click(within(search).getByRole('button', { name: '検索' }));

    const expected = {
      keyword: '営業時間',
      category_code: 'important',
      status: 'published',
      publish_from: '2026-04-01',
      publish_to: '2026-06-30',
      target: 'partner',
      bank: 'other',
    };
    await screen.findByRole('table');
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/news/search').at(-1)).toEqual({
      rows: 25,
      page: 1,
      conditions: expected,
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(expected);

    // Back: the list and its form are the plain list again.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect((within(search).getByRole('searchbox', { name: 'キーワード' }) as HTMLInputElement).value).toBe(
      '',
    );
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/news/search').at(-1)).toEqual({
      rows: 25,
      page: 1,
      conditions: {},
    });
  });

  it('opens a search from its URL (a reload or a shared link) with the form showing it', async () => {
    const { fetch } = renderStaffPage('/admin/news?keyword=決算&status=scheduled&bank=own&page=2&rows=50', {
      bank,
      api: { 'POST /api/v1/admin/news/search': pagedNews },
    });
    await screen.findByRole('table');
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/news/search')).toEqual([
      { rows: 50, page: 2, conditions: { keyword: '決算', status: 'scheduled', bank: 'own' } },
    ]);
    expect((screen.getByRole('searchbox', { name: 'キーワード' }) as HTMLInputElement).value).toBe('決算');
    expect((screen.getByRole('combobox', { name: 'ステータス' }) as HTMLSelectElement).value).toBe(
      'scheduled',
    );
    expect((screen.getByLabelText('自行') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: '表示行数' }) as HTMLSelectElement).value).toBe('50');
  });

  it('leaves out a hand-edited condition the server would refuse', async () => {
    const { fetch } = renderStaffPage(
      '/admin/news?status=deleted&publish_from=yesterday&rows=7&keyword=株主',
      {
        bank,
        api: { 'POST /api/v1/admin/news/search': pagedNews },
      },
    );
    await screen.findByRole('table');
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/news/search')).toEqual([
      { rows: 25, page: 1, conditions: { keyword: '株主' } },
    ]);
  });

  it('pages with 次ページ and 表示行数, each in the URL', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderStaffPage('/admin/news', {
      bank,
      api: { 'POST /api/v1/admin/news/search': pagedNews },
    });
    await screen.findByRole('link', { name: 'お知らせ 1' });
    await user.click(screen.getByRole('button', { name: '次ページ' }));
    expect(await screen.findByRole('link', { name: 'お知らせ 26' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: '表示行数' }), '100');
    expect(await screen.findByRole('link', { name: 'お知らせ 60' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?rows=100');
    expect((screen.getByRole('button', { name: '次ページ' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/news/search').at(-1)).toEqual({
      rows: 100,
      page: 1,
      conditions: {},
    });
  });

  it('says ニュースの取得に失敗しました。 when the list does not load', async () => {
    renderStaffPage('/admin/news', {
      bank,
      api: { 'POST /api/v1/admin/news/search': () => ({ status: 500, body: { status: 'error' } }) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('ニュースの取得に失敗しました。');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says 該当するデータがありません when nothing matches', async () => {
    renderStaffPage('/admin/news?keyword=該当なし', {
      bank,
      api: { 'POST /api/v1/admin/news/search': () => listAnswer([]) },
    });
    expect(await screen.findByRole('cell', { name: '該当するデータがありません' })).toBeInTheDocument();
    expect(screen.getByText('0件')).toBeInTheDocument();
  });
});

describe('/admin/news: who may create', () => {
  it.each(['system_admin', 'bank_admin', 'branch_admin'] as const)(
    'offers 新規作成 to a %s',
    async (userType) => {
      renderStaffPage('/admin/news', { userType, api: { 'POST /api/v1/admin/news/search': pagedNews } });
      await screen.findByRole('table');
      expect(screen.getByRole('link', { name: '新規作成' }).getAttribute('href')).toBe('/admin/news/create');
    },
  );

  it('hides 新規作成 from a branch user, who reads only', async () => {
    renderStaffPage('/admin/news', {
      userType: 'branch_user',
      api: { 'POST /api/v1/admin/news/search': pagedNews },
    });
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: '新規作成' })).not.toBeInTheDocument();
  });
});

describe('/admin/xba: columns, seminars and partner information', () => {
  it('shows a seminar’s date, applied / capacity and reception status', async () => {
    const { fetch } = renderStaffPage('/admin/xba/seminar', {
      api: {
        'POST /api/v1/admin/seminar/search': () =>
          listAnswer([
            listItem(7, {
              article_kind: 'seminar',
              article_title: '事業承継セミナー',
              category_code: null,
              category_name: null,
              seminar_held_at: '2026-05-20T05:00:00.000Z',
              seminar_capacity: 30,
              seminar_applied_count: 12,
              seminar_status: 'accepting',
            }),
          ]),
      },
    });
    const row = (await screen.findByRole('rowheader', { name: '事業承継セミナー' })).closest('tr')!;
    expect(within(row).getByText('2026/05/20 14:00')).toBeInTheDocument();
    expect(within(row).getByText('12 / 30名')).toBeInTheDocument();
    expect(within(row).getByText('受付中')).toBeInTheDocument();
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/admin/xba/seminar/detail/7');
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/seminar/search')).toHaveLength(1);
  });

  it('shows partner information’s review status and a provided item’s provider', async () => {
    renderStaffPage('/admin/xba/pi', {
      api: {
        'POST /api/v1/admin/pi/search': () =>
          listAnswer([
            listItem(9, {
              article_kind: 'partner_information',
              article_title: '省エネ設備のご案内',
              pi_status: 'REVIEWING',
              article_is_own_bank: false,
              article_provider_name: 'ミライテック株式会社',
            }),
          ]),
      },
    });
    const row = (await screen.findByRole('rowheader', { name: '省エネ設備のご案内' })).closest('tr')!;
    expect(within(row).getByText('審査中')).toBeInTheDocument();
    expect(within(row).getByText('他行・運営（ミライテック株式会社）')).toBeInTheDocument();
  });

  it('offers a column list only the categories that are not news-only', async () => {
    renderStaffPage('/admin/xba/column', {
      api: { 'POST /api/v1/admin/column/search': () => listAnswer([]) },
    });
    const search = await screen.findByRole('search');
    const options = within(within(search).getByRole('combobox', { name: 'カテゴリ' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['すべて', 'セミナー・イベント']);
  });

  it('says データ取得に失敗しました when a column list does not load', async () => {
    renderStaffPage('/admin/xba/column', {
      api: { 'POST /api/v1/admin/column/search': () => ({ status: 500, body: { status: 'error' } }) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('データ取得に失敗しました');
  });
});
