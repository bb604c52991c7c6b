import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  askedUrls,
  detailItem,
  listItem,
  pagedList,
  renderCompanyPages,
  serverError,
  success,
} from './news-pages.tsx';

const ATTACHMENTS = [
  {
    file_unique_code: 'f-1',
    file_kind: 'attachment' as const,
    file_name: '料金改定のご案内.pdf',
    file_content_type: 'application/pdf',
    file_size: 1572864,
    file_url: '/api/v1/files/f-1',
  },
  {
    file_unique_code: 'f-2',
    file_kind: 'attachment' as const,
    file_name: '申込書.xlsx',
    file_content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    file_size: 20480,
    file_url: '/api/v1/files/f-2',
  },
];

const HOSTILE_BODY =
  '<p>振込手数料を改定します。</p><script>window.hacked = true</script>' +
  '<img src="x" onerror="window.hacked = true"><p><a href="javascript:window.hacked=true">詳細</a></p>';

const article = () => screen.findByRole('article');

describe.each(FIXTURE_BANKS)('/mypage/news/detail/{id} on bank $code', ({ config }) => {
  it('shows the title, category, date, body and attachments with type and size', async () => {
    renderCompanyPages({
      path: '/mypage/news/detail/5',
      config: config(),
      api: {
        'GET /api/v1/news/5': () =>
          success(
            detailItem(5, {
              article_title: '振込手数料改定のお知らせ',
              category_name: '重要なお知らせ',
              article_publish_start: '2026-04-01',
              article_body: '<h2>改定の内容</h2><p>4月1日より改定します。</p>',
              attachments: ATTACHMENTS,
            }),
          ),
      },
    });
    const item = await article();
    expect(screen.getByRole('heading', { level: 1, name: 'ニュース詳細' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(trail).getByRole('link', { name: 'ニュース' }).getAttribute('href')).toBe('/mypage/news');
    expect(
      within(item).getByRole('heading', { level: 2, name: '振込手数料改定のお知らせ' }),
    ).toBeInTheDocument();
    expect(within(item).getByText('重要なお知らせ')).toBeInTheDocument();
    expect(within(item).getByText('2026年4月1日')).toBeInTheDocument();
    // The body is set by the browser's sanitiser (or DOMPurify, loaded on first use) before paint.
    expect(await within(item).findByRole('heading', { name: '改定の内容' })).toBeInTheDocument();
    expect(within(item).getByText('4月1日より改定します。')).toBeInTheDocument();

    const files = within(item).getByRole('region', { name: '添付ファイル' });
    const pdf = within(files).getByRole('link', { name: '料金改定のご案内.pdf' });
    expect(pdf.getAttribute('href')).toBe('/api/v1/files/f-1');
    expect(pdf.parentElement?.textContent).toContain('（PDF・1.5 MB）');
    expect(within(files).getByRole('link', { name: '申込書.xlsx' }).parentElement?.textContent).toContain(
      '（Excel・20.0 KB）',
    );
    expect(screen.getByRole('link', { name: 'ニュース一覧へ戻る' }).getAttribute('href')).toBe(
      '/mypage/news',
    );
  });

  it('never runs a script of the body: script, event handlers and javascript: links are gone', async () => {
    renderCompanyPages({
      path: '/mypage/news/detail/6',
      config: config(),
      api: { 'GET /api/v1/news/6': () => success(detailItem(6, { article_body: HOSTILE_BODY })) },
    });
    const item = await article();
    expect(await within(item).findByText('振込手数料を改定します。')).toBeInTheDocument();
    expect(item.querySelector('script')).toBeNull();
    expect(item.querySelector('[onerror]')).toBeNull();
    expect(within(item).getByText('詳細').getAttribute('href')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });
});

describe('reading a news item', () => {
  it('is the same page at /mypage/news/{id}', async () => {
    renderCompanyPages({
      path: '/mypage/news/12',
      api: {
        'GET /api/v1/news/12': () => success(detailItem(12, { article_title: '年末年始の営業について' })),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: '年末年始の営業について' }),
    ).toBeInTheDocument();
  });

  it('refreshes the unread badge as soon as the item has loaded, not at the next poll', async () => {
    let opened = false;
    const { router } = renderCompanyPages({
      path: '/mypage/news',
      user: fixtureUser('company_owner'),
      api: {
        'GET /api/v1/badges': () => success({ unreadNews: opened ? 2 : 3 }),
        'GET /api/v1/news/search': pagedList([listItem(7, { is_read: false })]),
        'GET /api/v1/news/7': () => {
          opened = true;
          return success(detailItem(7, { is_read: false }));
        },
      },
    });
    await screen.findByRole('list', { name: 'ニュース一覧' });
    const newsEntry = () =>
      within(screen.getAllByRole('navigation', { name: 'メインメニュー' })[0]!).getByRole('link', {
        name: /^ニュース/,
      });
    await waitFor(() => expect(newsEntry().textContent).toContain('（未読3件）'));

    await act(() => router.navigate('/mypage/news/detail/7'));
    await article();
    // The poll comes every 6 s; the refresh comes at once (waitFor gives up after 1 s).
    await waitFor(() => expect(newsEntry().textContent).toContain('（未読2件）'));
  });

  it('asks for no badge when the item had been read before', async () => {
    const { fetch } = renderCompanyPages({
      path: '/mypage/news/detail/8',
      api: { 'GET /api/v1/news/8': () => success(detailItem(8, { is_read: true })) },
    });
    await article();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(askedUrls(fetch).filter((url) => url.pathname === '/api/v1/badges')).toHaveLength(1);
  });

  it('shows the 404 page for an item the API does not give this user (another bank’s, private, unpublished)', async () => {
    renderCompanyPages({ path: '/mypage/news/detail/999' });
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows the 404 page for an id that is not a number, without asking the API', async () => {
    const { fetch } = renderCompanyPages({ path: '/mypage/news/detail/abc' });
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
    expect(askedUrls(fetch).some((url) => url.pathname.startsWith('/api/v1/news'))).toBe(false);
  });

  it('says ニュースの取得に失敗しました。 when the item does not load', async () => {
    renderCompanyPages({ path: '/mypage/news/detail/9', api: { 'GET /api/v1/news/9': () => serverError } });
    expect((await screen.findByRole('alert')).textContent).toBe('ニュースの取得に失敗しました。');
  });
});

describe('columns and partner information', () => {
  it('/mypage/column/detail/{id}: the column, with the way back to the columns', async () => {
    renderCompanyPages({
      path: '/mypage/column/detail/3',
      api: {
        'GET /api/v1/column/3': () =>
          success(
            detailItem(3, { article_kind: 'column', article_title: '資金繰りの基本', category_name: null }),
          ),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'コラム詳細' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '資金繰りの基本' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'コラム一覧へ戻る' }).getAttribute('href')).toBe(
      '/mypage/column',
    );
  });

  it('/mypage/pi/detail/{id}: the partner information with its provider', async () => {
    renderCompanyPages({
      path: '/mypage/pi/detail/4',
      user: fixtureUser('partner_company_owner'),
      api: {
        'GET /api/v1/pi/4': () =>
          success(
            detailItem(4, {
              article_kind: 'partner_information',
              article_title: '業務効率化ツールのご紹介',
              article_provider_name: 'ミライテック株式会社',
            }),
          ),
      },
    });
    const item = await article();
    expect(screen.getByRole('heading', { level: 1, name: 'パートナー情報' })).toBeInTheDocument();
    expect(within(item).getByText('提供：ミライテック株式会社')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ダッシュボードへ戻る' }).getAttribute('href')).toBe(
      '/mypage/dashboard',
    );
  });
});
