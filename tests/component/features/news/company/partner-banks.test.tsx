import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PartnerBank } from '#server/contracts/news.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import { WIDTHS } from '#tests/component/fixtures/render-layout.tsx';
import { askedUrls, renderCompanyPages, serverError, success } from './news-pages.tsx';

const BANKS: PartnerBank[] = [
  {
    babank_id: 1,
    babank_code: '0158',
    babank_name: 'みなと銀行',
    babank_description: '県内の中小企業の販路開拓を支援しています。',
    babank_url: 'https://www.minato-bank.example.jp/',
  },
  {
    babank_id: 2,
    babank_code: '0190',
    babank_name: 'やまなみ信用金庫',
    babank_description: null,
    babank_url: 'javascript:alert(1)',
  },
];

function bankList(banks: readonly PartnerBank[]) {
  return (_body: unknown, url: URL) => {
    const page = Number(url.searchParams.get('page'));
    const rows = Number(url.searchParams.get('rows'));
    return success({
      list: banks.slice((page - 1) * rows, page * rows),
      paging_data: buildPagingData(banks.length, page, rows),
    });
  };
}

describe('/mypage/babank', () => {
  it('lists each partner bank with name, bank code, description and its site in a new tab', async () => {
    renderCompanyPages({
      path: '/mypage/babank',
      width: WIDTHS.phone,
      api: { 'GET /api/v1/babank/search': bankList(BANKS) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '提携銀行一覧' })).toBeInTheDocument();
    const banks = await screen.findByRole('list', { name: '提携銀行' });
    const minato = within(banks).getByRole('heading', { level: 2, name: 'みなと銀行' }).closest('li')!;
    expect(within(minato).getByText('金融機関コード：0158')).toBeInTheDocument();
    expect(within(minato).getByText('県内の中小企業の販路開拓を支援しています。')).toBeInTheDocument();
    const site = within(minato).getByRole('link', { name: /みなと銀行のウェブサイト/ });
    expect(site.getAttribute('href')).toBe('https://www.minato-bank.example.jp/');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(site.textContent).toContain('（新しいタブで開きます）');
  });

  it('makes no link of an address that is not http(s)', async () => {
    renderCompanyPages({ path: '/mypage/babank', api: { 'GET /api/v1/babank/search': bankList(BANKS) } });
    const yamanami = (await screen.findByRole('heading', { name: 'やまなみ信用金庫' })).closest('li')!;
    expect(within(yamanami).queryByRole('link')).not.toBeInTheDocument();
  });

  it('pages with 表示行数 kept in the URL', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, index) => ({
      ...BANKS[0]!,
      babank_id: index + 1,
      babank_name: `銀行 ${index + 1}`,
    }));
    const { router, fetch } = renderCompanyPages({
      path: '/mypage/babank',
      api: { 'GET /api/v1/babank/search': bankList(many) },
    });
    const pager = await screen.findByRole('navigation', { name: '提携銀行のページ送り' });
    expect(within(pager).getByText('全30件中 1〜25件')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: '次ページ' }));
    expect(await screen.findByRole('heading', { name: '銀行 26' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(askedUrls(fetch).at(-1)?.searchParams.get('page')).toBe('2');
  });

  it('says ニュースの取得に失敗しました。 when the list does not load', async () => {
    renderCompanyPages({ path: '/mypage/babank', api: { 'GET /api/v1/babank/search': () => serverError } });
    expect((await screen.findByRole('alert')).textContent).toBe('ニュースの取得に失敗しました。');
  });
});
