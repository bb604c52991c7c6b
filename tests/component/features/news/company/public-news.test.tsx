import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  askedUrls,
  detailItem,
  listItem,
  pagedList,
  renderPublicPages,
  serverError,
  success,
} from './news-pages.tsx';

const NEWS = Array.from({ length: 45 }, (_, index) =>
  listItem(index + 1, { article_title: `お知らせ ${index + 1}` }),
);

describe.each(FIXTURE_BANKS)('the public news on bank $code (no login)', ({ config }) => {
  it('/news lists the bank’s news with links to their public pages, paged with 次ページ', async () => {
    const user = userEvent.setup();
    const bank = config();
    const { router, fetch } = renderPublicPages({
      path: '/news',
      config: bank,
      api: { 'GET /api/v1/public/news/search': pagedList(NEWS) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: `${bank.bank.name}からのお知らせ` }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'ニュース一覧' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const first = within(list).getByRole('link', { name: 'お知らせ 1' });
    expect(first.getAttribute('href')).toBe('/news/detail/1');
    expect(within(list).queryByText('未読')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '次ページ' }));
    expect(await screen.findByRole('link', { name: 'お知らせ 21' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(askedUrls(fetch).at(-1)?.searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('combobox', { name: '表示行数' })).not.toBeInTheDocument();
  });

  it('/news/detail/{id} shows the item with its title as the page heading', async () => {
    renderPublicPages({
      path: '/news/detail/3',
      config: config(),
      api: {
        'GET /api/v1/public/news/3': () =>
          success(
            detailItem(3, {
              article_title: 'ホームページをリニューアルしました',
              article_body: '<p>より見やすくなりました。</p><script>window.hacked = true</script>',
            }),
          ),
      },
    });
    const item = await screen.findByRole('article');
    expect(
      within(item).getByRole('heading', { level: 1, name: 'ホームページをリニューアルしました' }),
    ).toBeInTheDocument();
    expect(await within(item).findByText('より見やすくなりました。')).toBeInTheDocument();
    expect(item.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'ニュース一覧へ戻る' }).getAttribute('href')).toBe('/news');
  });

  it('/news/detail/{id} is the 404 page when the API has no such public item', async () => {
    renderPublicPages({ path: '/news/detail/404', config: config() });
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('the public news when the API fails', () => {
  it('/news says ニュースの取得に失敗しました。', async () => {
    renderPublicPages({ path: '/news', api: { 'GET /api/v1/public/news/search': () => serverError } });
    expect((await screen.findByRole('alert')).textContent).toBe('ニュースの取得に失敗しました。');
  });

  it('/news/detail/{id} says ニュースの取得に失敗しました。', async () => {
    renderPublicPages({ path: '/news/detail/5', api: { 'GET /api/v1/public/news/5': () => serverError } });
    expect((await screen.findByRole('alert')).textContent).toBe('ニュースの取得に失敗しました。');
  });

  it('/news/detail/{id} with an id that is no number is the 404 page, without asking the API', async () => {
    const { fetch } = renderPublicPages({ path: '/news/detail/x1' });
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
    expect(askedUrls(fetch)).toEqual([]);
  });
});
