import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MATCHING_MESSAGES } from '#server/contracts/matching.ts';
import { DEAL_MESSAGES } from '#server/contracts/matching-deals.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { config0182, FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { errorOf, requestsTo, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import {
  DEAL_CODE,
  deal,
  lastQueryTo,
  needDetail,
  OTHER_NEED_CODE,
  paged,
  publishedNeed,
  renderMatching,
} from './matching-fixtures.tsx';

const SEARCH_PAGE = '/mypage/matching/search';
const DETAIL_PAGE = `${SEARCH_PAGE}/detail/${OTHER_NEED_CODE}`;
const SEARCH_CALL = 'GET /api/v1/ca/search';
const DETAIL_CALL = `GET /api/v1/ca/${OTHER_NEED_CODE}`;
const SEND_CALL = 'POST /api/v1/cmh';

const OWN_BANK_NEED = publishedNeed({
  ca_unique_code: 'ca0005',
  need_title: '倉庫スペースを貸したい（常温300坪）',
  need_category: 'lease',
  need_is_nationwide: false,
  company_name: 'つばめ運輸株式会社',
  company_prefecture_code: '13',
  bank_code: '0182',
  bank_name: 'しおさい銀行',
  is_own_bank: true,
});

const searchBox = () => screen.getByRole('searchbox', { name: 'キーワード' });
const select = (name: string) => screen.getByRole('combobox', { name });
const searchButton = () => screen.getByRole('button', { name: '検索' });
const searchCalls = (fetch: Parameters<typeof requestsTo>[0]) => requestsTo(fetch, SEARCH_CALL).length;

beforeAll(async () => {
  await import('#client/features/matching/search/need-search-page.tsx');
  await import('#client/features/matching/search/need-detail-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/matching/search on bank $code', (bank) => {
  it('shows each need found as a card: category, 全国, title, company, prefecture, bank and period', async () => {
    renderMatching(SEARCH_PAGE, {
      config: bank.config(),
      api: { [SEARCH_CALL]: () => paged([publishedNeed(), OWN_BANK_NEED], 2) },
    });
    const results = await screen.findByRole('list', { name: '検索結果のニーズ' });
    expect(screen.getByRole('heading', { name: '検索結果（2件）' })).toBeInTheDocument();
    const [nationwide, own] = within(results).getAllByRole('listitem');
    expect(within(nationwide!).getByRole('link', { name: '冷凍餃子の販路を広げたい' })).toHaveAttribute(
      'href',
      DETAIL_PAGE,
    );
    expect(nationwide).toHaveTextContent('売りたい');
    expect(nationwide).toHaveTextContent('全国');
    expect(nationwide).toHaveTextContent('株式会社みなと食品');
    expect(nationwide).toHaveTextContent('大阪府');
    expect(nationwide).toHaveTextContent('やまぶき銀行');
    expect(nationwide).toHaveTextContent('2026年4月10日〜');
    expect(own).toHaveTextContent('貸したい');
    expect(own).toHaveTextContent('東京都');
    expect(own).toHaveTextContent('しおさい銀行');
    expect(own).not.toHaveTextContent('全国');
  });
});

describe('the search', () => {
  it(
    'puts the conditions into the URL and the call’s query, and starts again from page 1',
    { timeout: 20_000 },
    async () => {
      const { fetch, router, user } = renderMatching(`${SEARCH_PAGE}?page=2`, {
        api: { [SEARCH_CALL]: () => paged([publishedNeed()], 30, 2) },
      });
      await screen.findByRole('list', { name: '検索結果のニーズ' });
      expect(lastQueryTo(fetch, SEARCH_CALL)).toEqual({ page: '2', rows: '25', scope: 'nationwide' });

      await user.type(searchBox(), '冷凍　餃子');
      await user.selectOptions(select('カテゴリ'), '売りたい');
      await user.selectOptions(select('業種'), '食料品製造業');
      await user.selectOptions(select('エリア'), '大阪府');
      await user.click(screen.getByRole('radio', { name: '当行のみ' }));
      // With a keyword, relevance is the order unless another is chosen.
      expect(select('並び順')).toHaveValue('relevance');
      await user.selectOptions(select('並び順'), '新着順');
      await user.click(searchButton());

      await waitFor(() =>
        expect(lastQueryTo(fetch, SEARCH_CALL)).toEqual({
          page: '1',
          rows: '25',
          keyword: '冷凍　餃子',
          category: 'sell',
          industry_code: '09',
          area_code: '27',
          scope: 'own',
          order: 'newest',
        }),
      );
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        keyword: '冷凍　餃子',
        category: 'sell',
        industry_code: '09',
        area_code: '27',
        scope: 'own',
        order: 'newest',
      });
    },
  );

  it('fills the form from the URL, and follows back to the earlier search', { timeout: 20_000 }, async () => {
    const { fetch, router, user } = renderMatching(`${SEARCH_PAGE}?keyword=餃子&area_code=27`, {
      api: { [SEARCH_CALL]: () => paged([publishedNeed()]) },
    });
    await screen.findByRole('list', { name: '検索結果のニーズ' });
    expect(searchBox()).toHaveValue('餃子');
    expect(select('エリア')).toHaveValue('27');
    expect(lastQueryTo(fetch, SEARCH_CALL)).toEqual(
      expect.objectContaining({ keyword: '餃子', area_code: '27' }),
    );

    await user.clear(searchBox());
    await user.type(searchBox(), '倉庫');
    await user.click(searchButton());
    await waitFor(() =>
      expect(lastQueryTo(fetch, SEARCH_CALL)).toEqual(expect.objectContaining({ keyword: '倉庫' })),
    );
    await router.navigate(-1);
    await waitFor(() => expect(searchBox()).toHaveValue('餃子'));
  });

  it('says a word under two characters is too short under the box, and searches nothing', async () => {
    const { fetch, user } = renderMatching(SEARCH_PAGE, { api: { [SEARCH_CALL]: () => paged([]) } });
    await screen.findByText('条件に合うニーズは見つかりませんでした。条件を変えてお試しください。');
    const before = searchCalls(fetch);
    await user.type(searchBox(), '冷凍 a');
    await user.click(searchButton());
    expect(errorOf(searchBox())).toBe(MATCHING_MESSAGES.keywordTooShort);
    expect(searchBox()).toHaveAttribute('aria-invalid', 'true');
    expect(document.activeElement).toBe(searchBox());
    expect(searchCalls(fetch)).toBe(before);

    await user.type(searchBox(), 'b');
    expect(errorOf(searchBox())).toBeUndefined();
  });

  it('offers no scope where the bank is not in the matching network', async () => {
    renderMatching(SEARCH_PAGE, {
      config: { ...config0182(), nationwide_matching: false },
      api: { [SEARCH_CALL]: () => paged([]) },
    });
    await screen.findByRole('search', { name: '検索条件' });
    expect(screen.queryByRole('radio', { name: '当行のみ' })).not.toBeInTheDocument();
  });

  it('says ニーズの検索に失敗しました when the search fails', async () => {
    renderMatching(SEARCH_PAGE, {
      api: { [SEARCH_CALL]: () => ({ status: 500, body: { status: 'error', message: 'x' } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MATCHING_MESSAGES.searchFailed);
  });
});

describe('/mypage/matching/search/detail/{ca_unique_code}', () => {
  it(
    'shows the need in full, and sends a deal request that opens the deal',
    { timeout: 20_000 },
    async () => {
      const { fetch, router, user } = renderMatching(DETAIL_PAGE, {
        api: {
          [DETAIL_CALL]: () => successAnswer(needDetail({ need_area_codes: ['13', '27'] })),
          [SEND_CALL]: () => successAnswer(deal({ my_side: 'sender' }), DEAL_MESSAGES.sent),
        },
      });
      expect(await screen.findByRole('heading', { name: '冷凍餃子の販路を広げたい' })).toBeInTheDocument();
      const facts = screen.getByRole('region', { name: 'ニーズの概要' });
      expect(facts).toHaveTextContent('食料品製造業');
      expect(facts).toHaveTextContent('東京都、大阪府');
      const company = screen.getByRole('region', { name: '掲載企業' });
      expect(company).toHaveTextContent('株式会社みなと食品');
      expect(company).toHaveTextContent('大阪府');
      expect(company).toHaveTextContent('やまぶき銀行');

      const form = screen.getByRole('form', { name: '商談依頼の入力' });
      await user.click(within(form).getByRole('button', { name: '商談依頼を送る' }));
      expect(errorOf(within(form).getByRole('combobox', { name: '依頼内容 必須' }))).toBe(
        VALIDATION_MESSAGES.required,
      );
      expect(requestsTo(fetch, SEND_CALL)).toEqual([]);

      await user.selectOptions(within(form).getByRole('combobox', { name: '依頼内容 必須' }), '見積依頼');
      await user.type(within(form).getByRole('textbox', { name: 'メッセージ 必須' }), '見積をお願いします。');
      await user.click(within(form).getByRole('button', { name: '商談依頼を送る' }));
      expect(await screen.findByText(DEAL_MESSAGES.sent)).toBeInTheDocument();
      expect(sentTo(fetch, SEND_CALL)).toEqual([
        {
          ca_unique_code: OTHER_NEED_CODE,
          cmh_request_type: 'estimate',
          cmh_message: '見積をお願いします。',
        },
      ]);
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/mypage/matching/history/detail/${DEAL_CODE}`),
      );
    },
  );

  it('says why above the form when a request is already open', { timeout: 20_000 }, async () => {
    const { user } = renderMatching(DETAIL_PAGE, {
      api: {
        [DETAIL_CALL]: () => successAnswer(needDetail()),
        [SEND_CALL]: () => ({
          status: 422,
          body: { status: 'error', message: DEAL_MESSAGES.alreadyRequested },
        }),
      },
    });
    const form = await screen.findByRole('form', { name: '商談依頼の入力' });
    await user.selectOptions(within(form).getByRole('combobox', { name: '依頼内容 必須' }), '商談依頼');
    await user.type(within(form).getByRole('textbox', { name: 'メッセージ 必須' }), 'ご相談です。');
    await user.click(within(form).getByRole('button', { name: '商談依頼を送る' }));
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent(DEAL_MESSAGES.alreadyRequested);
  });

  it('links to the open deal instead of the form', async () => {
    renderMatching(DETAIL_PAGE, {
      api: { [DETAIL_CALL]: () => successAnswer(needDetail({ open_cmh_unique_code: DEAL_CODE })) },
    });
    expect(await screen.findByRole('link', { name: '依頼中の商談を見る' })).toHaveAttribute(
      'href',
      `/mypage/matching/history/detail/${DEAL_CODE}`,
    );
    expect(screen.queryByRole('form', { name: '商談依頼の入力' })).not.toBeInTheDocument();
  });

  it('offers no form to a user without company_matching_write', async () => {
    const owner = fixtureUser('company_owner');
    renderMatching(DETAIL_PAGE, {
      user: fixtureUser('company_user', {
        permitted_actions: owner.permitted_actions.filter((code) => code !== 'company_matching_write'),
      }),
      api: { [DETAIL_CALL]: () => successAnswer(needDetail()) },
    });
    expect(await screen.findByRole('heading', { name: '冷凍餃子の販路を広げたい' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '商談依頼の入力' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '商談依頼' })).toHaveTextContent(
      '商談依頼を送るには、ビジネスマッチングの利用権限が必要です。',
    );
  });

  it('shows the 404 page for a need that is not published to the company', async () => {
    renderMatching(DETAIL_PAGE, {
      api: { [DETAIL_CALL]: () => ({ status: 404, body: { status: 'error', message: MESSAGES.notFound } }) },
    });
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
  });
});
