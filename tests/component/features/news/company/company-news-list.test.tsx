import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { WIDTHS } from '#tests/component/fixtures/render-layout.tsx';
import {
  askedUrls,
  listItem,
  pagedList,
  renderCompanyPages,
  seminarListItem,
  serverError,
} from './news-pages.tsx';

const NEWS = Array.from({ length: 60 }, (_, index) =>
  listItem(index + 1, { article_title: `お知らせ ${index + 1}`, is_read: index % 2 === 1 }),
);

const newsList = () => screen.findByRole('list', { name: 'ニュース一覧' });
const pager = () => screen.getByRole('navigation', { name: 'ニュースのページ送り' });
const lastNewsSearch = (fetch: Parameters<typeof askedUrls>[0]) =>
  askedUrls(fetch)
    .filter((url) => url.pathname === '/api/v1/news/search')
    .at(-1)!;

describe.each(FIXTURE_BANKS)('/mypage/news on bank $code', ({ config }) => {
  it('lists 25 news a page under its title, pages with 次ページ / 前ページ and keeps the page in the URL', async () => {
    const user = userEvent.setup();
    const { router, fetch } = renderCompanyPages({
      path: '/mypage/news',
      config: config(),
      api: { 'GET /api/v1/news/search': pagedList(NEWS) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ニュース' })).toBeInTheDocument();
    const list = await newsList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(within(pager()).getByText('全60件中 1〜25件')).toBeInTheDocument();
    expect(lastNewsSearch(fetch).searchParams.get('rows')).toBe('25');

    await user.click(within(pager()).getByRole('button', { name: '次ページ' }));
    expect(await screen.findByRole('link', { name: 'お知らせ 26' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(lastNewsSearch(fetch).searchParams.get('page')).toBe('2');

    await user.click(within(pager()).getByRole('button', { name: '次ページ' }));
    expect(await screen.findByRole('link', { name: '未読 お知らせ 51' })).toBeInTheDocument();
    expect((within(pager()).getByRole('button', { name: '次ページ' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(within(pager()).getByRole('button', { name: '前ページ' }));
    expect(await screen.findByRole('link', { name: 'お知らせ 26' })).toBeInTheDocument();
  });

  it('offers 表示行数 25, 50, 100 and 500; a new row count starts again from page 1', async () => {
    const user = userEvent.setup();
    const { router, fetch } = renderCompanyPages({
      path: '/mypage/news?page=2',
      config: config(),
      api: { 'GET /api/v1/news/search': pagedList(NEWS) },
    });
    await newsList();
    const rows = within(pager()).getByRole('combobox', { name: '表示行数' }) as HTMLSelectElement;
    expect([...rows.options].map((option) => option.textContent)).toEqual(['25件', '50件', '100件', '500件']);

    await user.selectOptions(rows, '50');
    expect(await screen.findByText('全60件中 1〜50件')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?rows=50');
    expect(lastNewsSearch(fetch).searchParams.get('rows')).toBe('50');
    expect(within(await newsList()).getAllByRole('listitem')).toHaveLength(50);
  });

  it('marks each unread item with 未読 and a bold title, a read one with neither', async () => {
    renderCompanyPages({
      path: '/mypage/news',
      config: config(),
      api: { 'GET /api/v1/news/search': pagedList(NEWS) },
    });
    const list = await newsList();
    const unread = within(list).getByRole('link', { name: '未読 お知らせ 1' });
    const read = within(list).getByRole('link', { name: 'お知らせ 2' });
    expect(within(unread).getByText('未読')).toBeInTheDocument();
    expect(getComputedStyle(unread).fontWeight).toBe('700');
    expect(within(read).queryByText('未読')).not.toBeInTheDocument();
    expect(getComputedStyle(read).fontWeight).toBe('400');
    expect(unread.getAttribute('href')).toBe('/mypage/news/detail/1');
    // Date and category beside the title.
    const item = unread.closest('li')!;
    expect(within(item).getByText('2026年4月1日')).toBeInTheDocument();
    expect(within(item).getByText('お知らせ')).toBeInTheDocument();
  });

  it('filters by a category of the news_categories master, kept in the URL and sent as category_code', async () => {
    const user = userEvent.setup();
    const { router, fetch } = renderCompanyPages({
      path: '/mypage/news?page=2',
      config: config(),
      api: {
        'GET /api/v1/news/search': (body, url) =>
          pagedList(
            url.searchParams.get('category_code') === 'maintenance'
              ? [listItem(90, { article_title: '定期メンテナンスのお知らせ', category_name: 'メンテナンス' })]
              : NEWS,
          )(body, url),
      },
    });
    await newsList();
    const filter = screen.getByRole('combobox', { name: 'カテゴリ' }) as HTMLSelectElement;
    expect([...filter.options].map((option) => option.textContent)).toEqual([
      'すべてのカテゴリ',
      'お知らせ',
      '重要なお知らせ',
      'メンテナンス',
    ]);

    await user.selectOptions(filter, 'maintenance');
    expect(await screen.findByRole('link', { name: '定期メンテナンスのお知らせ' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?category_code=maintenance');
    expect(lastNewsSearch(fetch).searchParams.get('category_code')).toBe('maintenance');
    expect(lastNewsSearch(fetch).searchParams.get('page')).toBe('1');

    await user.selectOptions(filter, '');
    expect(await screen.findByRole('link', { name: '未読 お知らせ 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows only the unread news with 未読のみ表示, kept in the URL and sent as only_unread', async () => {
    const user = userEvent.setup();
    const { router, fetch } = renderCompanyPages({
      path: '/mypage/news',
      config: config(),
      api: {
        'GET /api/v1/news/search': (body, url) =>
          pagedList(
            url.searchParams.get('only_unread') === 'true' ? NEWS.filter((item) => !item.is_read) : NEWS,
          )(body, url),
      },
    });
    await newsList();
    const unreadOnly = screen.getByRole('checkbox', { name: '未読のみ表示' });
    await user.click(unreadOnly);
    expect(await screen.findByText('全30件中 1〜25件')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?only_unread=true');
    expect(lastNewsSearch(fetch).searchParams.get('only_unread')).toBe('true');
    expect(within(await newsList()).queryByRole('link', { name: 'お知らせ 2' })).not.toBeInTheDocument();

    await user.click(unreadOnly);
    expect(await screen.findByText('全60件中 1〜25件')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says so when nothing is left unread', async () => {
    renderCompanyPages({
      path: '/mypage/news?only_unread=true',
      config: config(),
      api: { 'GET /api/v1/news/search': pagedList([]) },
    });
    expect(await screen.findByText('未読のニュースはありません')).toBeInTheDocument();
    expect((screen.getByRole('checkbox', { name: '未読のみ表示' }) as HTMLInputElement).checked).toBe(true);
  });

  it('opens with the category of the URL already chosen', async () => {
    const { fetch } = renderCompanyPages({
      path: '/mypage/news?category_code=important',
      config: config(),
      api: { 'GET /api/v1/news/search': pagedList([]) },
    });
    expect(await screen.findByText('該当するニュースはありません')).toBeInTheDocument();
    expect((screen.getByRole('combobox', { name: 'カテゴリ' }) as HTMLSelectElement).value).toBe('important');
    expect(lastNewsSearch(fetch).searchParams.get('category_code')).toBe('important');
  });

  it('says ニュースの取得に失敗しました。 when the list does not load', async () => {
    renderCompanyPages({
      path: '/mypage/news',
      config: config(),
      api: { 'GET /api/v1/news/search': () => serverError },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('ニュースの取得に失敗しました。');
    expect(screen.queryByRole('list', { name: 'ニュース一覧' })).not.toBeInTheDocument();
  });
});

describe('/mypage/seminar and /mypage/column', () => {
  it('lists the upcoming seminars with date, place, status from the seminar_statuses master and seats left', async () => {
    const { fetch } = renderCompanyPages({
      path: '/mypage/seminar',
      width: WIDTHS.phone,
      api: {
        'GET /api/v1/seminar/search': pagedList([
          seminarListItem(7),
          seminarListItem(8, {
            article_title: 'DX推進セミナー',
            seminar_held_at: '2026-06-20T01:30:00.000Z',
            seminar_place: 'オンライン',
            seminar_status: 'full',
            seminar_capacity: 20,
            seminar_remaining: 0,
          }),
        ]),
      },
    });
    const list = await screen.findByRole('list', { name: 'セミナー一覧' });
    const open = within(list).getByRole('link', { name: '事業承継セミナー' }).closest('li')!;
    expect(within(open).getByText('2026年6月10日(水) 14:00')).toBeInTheDocument();
    expect(within(open).getByText('本店 3階 大会議室')).toBeInTheDocument();
    expect(within(open).getByText('受付中').parentElement?.textContent).toBe('受付中 残り4席');
    const full = within(list).getByRole('link', { name: 'DX推進セミナー' }).closest('li')!;
    expect(within(full).getByText('満席')).toBeInTheDocument();
    expect(within(full).queryByText(/残り/)).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: '事業承継セミナー' }).getAttribute('href')).toBe(
      '/mypage/seminar/detail/7',
    );
    const asked = askedUrls(fetch).find((url) => url.pathname === '/api/v1/seminar/search')!;
    expect(asked.searchParams.get('upcoming')).toBe('true');
    expect(screen.queryByRole('combobox', { name: 'カテゴリ' })).not.toBeInTheDocument();
  });

  it('lists the columns with links to their detail pages, and says when there are none', async () => {
    renderCompanyPages({
      path: '/mypage/column',
      api: {
        'GET /api/v1/column/search': pagedList([
          listItem(3, { article_kind: 'column', article_title: '資金繰りの基本', is_read: false }),
        ]),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'コラム' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: '未読 資金繰りの基本' });
    expect(link.getAttribute('href')).toBe('/mypage/column/detail/3');
  });

  it('says so when no seminar is coming', async () => {
    renderCompanyPages({ path: '/mypage/seminar', api: { 'GET /api/v1/seminar/search': pagedList([]) } });
    expect(await screen.findByText('開催予定のセミナーはありません')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'セミナーのページ送り' })).not.toBeInTheDocument();
  });
});
