import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AICHAT_MESSAGES, type NeedOffer } from '#server/contracts/aichat.ts';
import { FAVORITE_MESSAGES, type MatchingCompany } from '#server/contracts/matching.ts';
import { AGENT_MESSAGES, type AgentRequest } from '#server/contracts/matching-agent.ts';
import type { RunningCampaign } from '#server/contracts/matching-campaigns.ts';
import { DEAL_MESSAGES } from '#server/contracts/matching-deals.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { errorOf, requestsTo, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import {
  AGREEMENT_CODE,
  DEAL_CODE,
  dealDetail,
  needDetail,
  OTHER_NEED_CODE,
  paged,
  publishedNeed,
  renderMatching,
} from './matching-fixtures.tsx';

/**
 * The matching network's company pages: the favourite toggle and the favourites, a company's page,
 * the running campaigns, the agent, the bank's need offers, and the agreement the deals ask for.
 */

const DETAIL_PAGE = `/mypage/matching/search/detail/${OTHER_NEED_CODE}`;
const DETAIL_CALL = `GET /api/v1/ca/${OTHER_NEED_CODE}`;
const FAVORITE_CALL = `/api/v1/favca/${OTHER_NEED_CODE}`;
const COMPANY_CODE = 'company20';
const COMPANY_PAGE = `/mypage/matching/company/${COMPANY_CODE}`;
const COMPANY_CALL = `GET /api/v1/matching/company/${COMPANY_CODE}`;
const AGENT_PAGE = '/mypage/matching/agent';
const AGENT_CALL = '/api/v1/matching/agent';
const OFFERS_CALL = 'GET /api/v1/mybusiness/need_offers';
const OFFER_CODE = 'ca0077';
const OWN_AGREEMENT_CALL = '/api/v1/matching/agreement';

const withoutMatchingUse = () => {
  const owner = fixtureUser('company_owner');
  return fixtureUser('company_user', {
    permitted_actions: owner.permitted_actions.filter((code) => code !== 'company_matching_write'),
  });
};

function company(change: Partial<MatchingCompany> = {}): MatchingCompany {
  return {
    company_unique_code: COMPANY_CODE,
    company_name: 'つばめ運輸株式会社',
    company_prefecture_code: '13',
    bank_code: '0182',
    bank_name: 'しおさい銀行',
    is_own_bank: true,
    profile: {
      industry_middle_code: '37',
      business_description: '関東一円の冷凍・冷蔵輸送',
      business_products: '定期便、スポット便',
      business_strengths: '24時間の温度管理',
      business_area_codes: ['13', '14'],
      employee_count: 48,
      established_on: '1998-04-01',
      homepage_path: `/hp/${COMPANY_CODE}`,
    },
    needs: [publishedNeed({ company_unique_code: COMPANY_CODE, company_name: 'つばめ運輸株式会社' })],
    ...change,
  };
}

function agentRequest(change: Partial<AgentRequest> = {}): AgentRequest {
  return {
    agent_request_unique_code: 'agt0001',
    ca_unique_code: OTHER_NEED_CODE,
    need_title: '冷凍餃子の販路を広げたい',
    agent_request_body: '販路の紹介をお願いします。',
    agent_request_status: 'in_progress',
    agent_request_note: '候補の企業に打診しています。',
    agent_request_created_at: '2026-04-05T01:00:00.000Z',
    agent_request_updated_at: '2026-04-06T01:00:00.000Z',
    ...change,
  };
}

function offer(change: Partial<NeedOffer> = {}): NeedOffer {
  return {
    ca_unique_code: OFFER_CODE,
    need_title: '冷凍輸送の協力会社を募集しています',
    need_category: 'build',
    need_industry_codes: ['37'],
    need_area_codes: ['13'],
    need_body: '関東一円の冷凍輸送を一緒に担っていただける協力会社を探しています。',
    need_period_start: '2026-04-01',
    need_period_end: null,
    need_visibility: 1,
    need_reach: 'bank',
    need_offered_at: '2026-04-03T01:00:00.000Z',
    ...change,
  };
}

beforeAll(async () => {
  await Promise.all([
    import('#client/features/matching/search/need-detail-page.tsx'),
    import('#client/features/matching/network/favorite-need-list-page.tsx'),
    import('#client/features/matching/network/matching-company-page.tsx'),
    import('#client/features/matching/network/running-campaign-page.tsx'),
    import('#client/features/matching/network/agent-request-page.tsx'),
    import('#client/features/matching/needs/own-need-list-page.tsx'),
    import('#client/features/matching/needs/need-offer-accept-page.tsx'),
    import('#client/features/matching/deals/deal-detail-page.tsx'),
  ]);
}, 30_000);

describe.each(FIXTURE_BANKS)('the favourites on bank $code', (bank) => {
  it('adds the need to the favourites with ☆ お気に入り, and takes it away again', async () => {
    const { fetch, user } = renderMatching(DETAIL_PAGE, {
      config: bank.config(),
      api: {
        [DETAIL_CALL]: () => successAnswer(needDetail()),
        [`POST ${FAVORITE_CALL}`]: () =>
          successAnswer({ ca_unique_code: OTHER_NEED_CODE, is_favorite: true }, FAVORITE_MESSAGES.added),
        [`DELETE ${FAVORITE_CALL}`]: () =>
          successAnswer({ ca_unique_code: OTHER_NEED_CODE, is_favorite: false }, FAVORITE_MESSAGES.removed),
      },
    });
    const toggle = await screen.findByRole('button', { name: 'お気に入り' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveTextContent('☆');

    await user.click(toggle);
    expect(await screen.findByText(FAVORITE_MESSAGES.added)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(toggle).toHaveTextContent('★');
    expect(requestsTo(fetch, `POST ${FAVORITE_CALL}`)).toHaveLength(1);

    await user.click(toggle);
    expect(await screen.findByText(FAVORITE_MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(requestsTo(fetch, `DELETE ${FAVORITE_CALL}`)).toHaveLength(1);
  });

  it('lists the favourite needs as cards, each taken off with お気に入りから外す', async () => {
    let favorites = [publishedNeed()];
    const { fetch, user } = renderMatching('/mypage/matching/favca', {
      config: bank.config(),
      api: {
        'GET /api/v1/favca': () => paged(favorites),
        [`DELETE ${FAVORITE_CALL}`]: () => {
          favorites = [];
          return successAnswer({ ca_unique_code: OTHER_NEED_CODE, is_favorite: false });
        },
      },
    });
    const cards = await screen.findByRole('list', { name: 'お気に入りのニーズ' });
    expect(screen.getByRole('heading', { name: 'お気に入り（1件）' })).toBeInTheDocument();
    const [card] = within(cards).getAllByRole('listitem');
    expect(within(card!).getByRole('link', { name: '冷凍餃子の販路を広げたい' })).toHaveAttribute(
      'href',
      DETAIL_PAGE,
    );
    expect(card).toHaveTextContent('やまぶき銀行');

    await user.click(
      within(card!).getByRole('button', { name: '「冷凍餃子の販路を広げたい」をお気に入りから外す' }),
    );
    expect(await screen.findByText(FAVORITE_MESSAGES.removed)).toBeInTheDocument();
    expect(await screen.findByText('お気に入りに登録したニーズはありません。')).toBeInTheDocument();
    expect(requestsTo(fetch, `DELETE ${FAVORITE_CALL}`)).toHaveLength(1);
  });
});

describe('the need detail page’s links and refusals', () => {
  it('says the server’s words when the favourites are full', async () => {
    const { user } = renderMatching(DETAIL_PAGE, {
      api: {
        [DETAIL_CALL]: () => successAnswer(needDetail()),
        [`POST ${FAVORITE_CALL}`]: () => ({
          status: 422,
          body: { status: 'error', message: FAVORITE_MESSAGES.limitReached },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'お気に入り' }));
    expect(await screen.findByText(FAVORITE_MESSAGES.limitReached)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'お気に入り' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('links the company to its page and offers 銀行に仲介を依頼する with the need', async () => {
    renderMatching(DETAIL_PAGE, {
      api: { [DETAIL_CALL]: () => successAnswer(needDetail({ company_unique_code: COMPANY_CODE })) },
    });
    const company = await screen.findByRole('region', { name: '掲載企業' });
    expect(within(company).getByRole('link', { name: '株式会社みなと食品' })).toHaveAttribute(
      'href',
      COMPANY_PAGE,
    );
    expect(screen.getByRole('link', { name: '銀行に仲介を依頼する' })).toHaveAttribute(
      'href',
      `${AGENT_PAGE}?ca=${OTHER_NEED_CODE}`,
    );
  });

  it('shows the way to the terms instead of the form while the company has not agreed', async () => {
    const { fetch, router, user } = renderMatching(DETAIL_PAGE, {
      agreement: null,
      api: {
        [DETAIL_CALL]: () => successAnswer(needDetail()),
        [`GET ${OWN_AGREEMENT_CALL}`]: () => successAnswer({ agreed: false, unique_code: null }),
        [`POST ${OWN_AGREEMENT_CALL}`]: () => successAnswer({ agreed: false, unique_code: AGREEMENT_CODE }),
      },
    });
    const section = await screen.findByRole('region', { name: '商談依頼' });
    expect(await within(section).findByText(DEAL_MESSAGES.agreementRequired)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '商談依頼の入力' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: '利用規約を確認する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ncba/bm/agreement/${AGREEMENT_CODE}`));
    expect(requestsTo(fetch, `POST ${OWN_AGREEMENT_CALL}`)).toHaveLength(1);
  });

  it('links to the agreement page it already has', async () => {
    renderMatching(DETAIL_PAGE, {
      agreement: { agreed: false, unique_code: AGREEMENT_CODE },
      api: { [DETAIL_CALL]: () => successAnswer(needDetail()) },
    });
    expect(await screen.findByRole('link', { name: '利用規約を確認する' })).toHaveAttribute(
      'href',
      `/ncba/bm/agreement/${AGREEMENT_CODE}`,
    );
  });

  it('shows the way to the terms when the server refuses the request for want of the agreement', async () => {
    const { user } = renderMatching(DETAIL_PAGE, {
      api: {
        [DETAIL_CALL]: () => successAnswer(needDetail()),
        'POST /api/v1/cmh': () => ({
          status: 422,
          body: { status: 'error', message: DEAL_MESSAGES.agreementRequired },
        }),
      },
    });
    const form = await screen.findByRole('form', { name: '商談依頼の入力' });
    await user.selectOptions(within(form).getByRole('combobox', { name: '依頼内容 必須' }), '商談依頼');
    await user.type(within(form).getByRole('textbox', { name: 'メッセージ 必須' }), 'ご相談です。');
    await user.click(within(form).getByRole('button', { name: '商談依頼を送る' }));
    const notice = await within(form).findByRole('alert');
    expect(notice).toHaveTextContent(DEAL_MESSAGES.agreementRequired);
    expect(within(notice).getByRole('link', { name: '利用規約を確認する' })).toBeInTheDocument();
  });

  it('offers no 承諾 on a received deal while the company has not agreed', async () => {
    renderMatching(`/mypage/matching/received_history/detail/${DEAL_CODE}`, {
      agreement: { agreed: false, unique_code: AGREEMENT_CODE },
      api: { [`GET /api/v1/cmh/${DEAL_CODE}`]: () => successAnswer(dealDetail()) },
    });
    const actions = await screen.findByRole('region', { name: '返信・操作' });
    expect(within(actions).getByText(DEAL_MESSAGES.agreementRequired)).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: '承諾して商談を開始' })).not.toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: '辞退' })).toBeInTheDocument();
  });
});

describe.each(FIXTURE_BANKS)('/mypage/matching/company/{company_unique_code} on bank $code', (bank) => {
  it('shows a company of the bank with its profile and its needs', async () => {
    renderMatching(COMPANY_PAGE, {
      config: bank.config(),
      api: { [COMPANY_CALL]: () => successAnswer(company()) },
    });
    expect(await screen.findByRole('heading', { name: 'つばめ運輸株式会社' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: '企業情報' });
    for (const text of [
      '通信業',
      '関東一円の冷凍・冷蔵輸送',
      '定期便、スポット便',
      '24時間の温度管理',
      '東京都、神奈川県',
      '48名',
      '1998年4月1日',
    ])
      expect(profile).toHaveTextContent(text);
    expect(within(profile).getByRole('link', { name: 'ホームページを見る' })).toHaveAttribute(
      'href',
      `/hp/${COMPANY_CODE}`,
    );
    const needs = screen.getByRole('list', { name: 'つばめ運輸株式会社のニーズ' });
    expect(within(needs).getByRole('link', { name: '冷凍餃子の販路を広げたい' })).toBeInTheDocument();
  });

  it('shows a company of another bank by its public name, prefecture and bank only', async () => {
    renderMatching(COMPANY_PAGE, {
      config: bank.config(),
      api: {
        [COMPANY_CALL]: () =>
          successAnswer(
            company({
              company_name: '株式会社みなと食品',
              company_prefecture_code: '27',
              bank_code: '0158',
              bank_name: 'やまぶき銀行',
              is_own_bank: false,
              profile: null,
            }),
          ),
      },
    });
    const heading = await screen.findByRole('heading', { name: '株式会社みなと食品' });
    const header = heading.closest('section')!;
    expect(header).toHaveTextContent('大阪府');
    expect(header).toHaveTextContent('やまぶき銀行');
    expect(screen.queryByRole('region', { name: '企業情報' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '掲載中のニーズ（1件）' })).toBeInTheDocument();
  });
});

describe('/mypage/matching/company/{company_unique_code}', () => {
  it('is the 404 page for a company the reader may not see', async () => {
    renderMatching(COMPANY_PAGE, {
      api: { [COMPANY_CALL]: () => ({ status: 404, body: { status: 'error', message: 'Not Found' } }) },
    });
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
  });
});

describe('/mypage/matching/campaign', () => {
  it('shows each running campaign with its period, text and needs', async () => {
    const campaign: RunningCampaign = {
      campaign_unique_code: 'cp0001',
      campaign_title: '春のビジネスマッチング強化月間',
      campaign_body: '食品・物流の商談を応援します。',
      campaign_start: '2026-04-01',
      campaign_end: '2026-04-30',
      needs: [publishedNeed()],
    };
    renderMatching('/mypage/matching/campaign', {
      api: { 'GET /api/v1/matching/campaigns': () => successAnswer([campaign]) },
    });
    const section = await screen.findByRole('region', { name: '春のビジネスマッチング強化月間' });
    expect(section).toHaveTextContent('2026年4月1日〜2026年4月30日');
    expect(section).toHaveTextContent('食品・物流の商談を応援します。');
    const needs = within(section).getByRole('list', { name: '春のビジネスマッチング強化月間のニーズ' });
    expect(within(needs).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says when no campaign is running', async () => {
    renderMatching('/mypage/matching/campaign', {
      api: { 'GET /api/v1/matching/campaigns': () => successAnswer([]) },
    });
    expect(await screen.findByText('開催中のキャンペーンはありません。')).toBeInTheDocument();
  });
});

describe('/mypage/matching/agent', () => {
  it('asks the bank about the need it was opened with, and lists the requests', async () => {
    let requests: AgentRequest[] = [];
    const { fetch, router, user } = renderMatching(`${AGENT_PAGE}?ca=${OTHER_NEED_CODE}`, {
      api: {
        [DETAIL_CALL]: () => successAnswer(needDetail()),
        [`GET ${AGENT_CALL}`]: () => paged(requests),
        [`POST ${AGENT_CALL}`]: (body) => {
          requests = [agentRequest({ agent_request_status: 'open', agent_request_note: null })];
          return successAnswer({ ...requests[0], ...(body as object) }, AGENT_MESSAGES.sent);
        },
      },
    });
    const form = await screen.findByRole('form', { name: '仲介の依頼の入力' });
    expect(await within(form).findByRole('link', { name: '冷凍餃子の販路を広げたい' })).toBeInTheDocument();
    expect(await screen.findByText('仲介の依頼はまだありません。')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: '依頼する' }));
    const body = within(form).getByRole('textbox', { name: '依頼内容 必須' });
    expect(errorOf(body)).toBe(VALIDATION_MESSAGES.required);
    expect(requestsTo(fetch, `POST ${AGENT_CALL}`)).toEqual([]);

    await user.type(body, '販路の紹介をお願いします。');
    await user.click(within(form).getByRole('button', { name: '依頼する' }));
    expect(await screen.findByText(AGENT_MESSAGES.sent)).toBeInTheDocument();
    expect(sentTo(fetch, `POST ${AGENT_CALL}`)).toEqual([
      { ca_unique_code: OTHER_NEED_CODE, agent_request_body: '販路の紹介をお願いします。' },
    ]);
    const list = await screen.findByRole('list', { name: '仲介の依頼' });
    expect(list).toHaveTextContent('受付');
    expect(body).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows each request’s status and the bank’s note, and sends one without a need', async () => {
    const { fetch, user } = renderMatching(AGENT_PAGE, {
      api: {
        [`GET ${AGENT_CALL}`]: () =>
          paged([
            agentRequest(),
            agentRequest({
              agent_request_unique_code: 'agt0002',
              ca_unique_code: null,
              need_title: null,
              agent_request_status: 'done',
            }),
          ]),
        [`POST ${AGENT_CALL}`]: () => successAnswer(agentRequest(), AGENT_MESSAGES.sent),
      },
    });
    const list = await screen.findByRole('list', { name: '仲介の依頼' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('対応中');
    expect(first).toHaveTextContent('候補の企業に打診しています。');
    expect(second).toHaveTextContent('完了');
    expect(second).toHaveTextContent('指定なし');

    const form = screen.getByRole('form', { name: '仲介の依頼の入力' });
    expect(within(form).queryByText(/対象のニーズ/)).not.toBeInTheDocument();
    await user.type(
      within(form).getByRole('textbox', { name: '依頼内容 必須' }),
      '運送会社を紹介してください。',
    );
    await user.click(within(form).getByRole('button', { name: '依頼する' }));
    await waitFor(() =>
      expect(sentTo(fetch, `POST ${AGENT_CALL}`)).toEqual([
        { ca_unique_code: '', agent_request_body: '運送会社を紹介してください。' },
      ]),
    );
  });

  it('offers no form to a user without company_matching_write', async () => {
    renderMatching(AGENT_PAGE, {
      user: withoutMatchingUse(),
      api: { [`GET ${AGENT_CALL}`]: () => paged([]) },
    });
    expect(
      await screen.findByText(/仲介の依頼には、ビジネスマッチングの利用権限が必要です。/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '仲介の依頼の入力' })).not.toBeInTheDocument();
  });
});

describe('the bank’s need offers on /mypage/mybusiness/needs', () => {
  it('shows the waiting offers above the list, and declines one after asking again', async () => {
    let offers = [offer()];
    const { fetch, user } = renderMatching('/mypage/mybusiness/needs', {
      api: {
        'GET /api/v1/mybusiness/needs': () => paged([]),
        [OFFERS_CALL]: () => successAnswer(offers),
        [`POST /api/v1/mybusiness/need_offers/${OFFER_CODE}/decline`]: () => {
          offers = [];
          return successAnswer({ ca_unique_code: OFFER_CODE }, AICHAT_MESSAGES.declined);
        },
      },
    });
    const panel = await screen.findByRole('region', { name: '金融機関からのご提案（1件）' });
    expect(panel).toHaveTextContent('冷凍輸送の協力会社を募集しています');
    expect(
      within(panel).getByRole('link', { name: '「冷凍輸送の協力会社を募集しています」の内容を確認して承諾' }),
    ).toHaveAttribute('href', `/mypage/mybusiness/needs/offer/${OFFER_CODE}`);

    await user.click(
      within(panel).getByRole('button', { name: '「冷凍輸送の協力会社を募集しています」を辞退' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'ご提案の辞退' });
    await user.click(within(dialog).getByRole('button', { name: '辞退する' }));
    expect(await screen.findByText(AICHAT_MESSAGES.declined)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /金融機関からのご提案/ })).not.toBeInTheDocument(),
    );
    expect(requestsTo(fetch, `POST /api/v1/mybusiness/need_offers/${OFFER_CODE}/decline`)).toHaveLength(1);
  });

  it('opens an offer in the need form and accepts it with the fields as edited', async () => {
    const { fetch, router, user } = renderMatching(`/mypage/mybusiness/needs/offer/${OFFER_CODE}`, {
      api: {
        'GET /api/v1/mybusiness/needs': () => paged([]),
        [OFFERS_CALL]: () => successAnswer([offer()]),
        [`POST /api/v1/mybusiness/need_offers/${OFFER_CODE}/accept`]: (body) =>
          successAnswer(
            {
              ...offer(),
              ...(body as object),
              need_images: [],
              need_publish_status: 'PUBLISHING',
              need_deal_count: 0,
              need_created_at: '2026-04-03T01:00:00.000Z',
              need_updated_at: '2026-04-03T01:00:00.000Z',
            },
            AICHAT_MESSAGES.accepted,
          ),
      },
    });
    const form = await screen.findByRole('form', { name: 'ニーズの入力' });
    const title = within(form).getByRole('textbox', { name: 'タイトル 必須' });
    expect(title).toHaveValue('冷凍輸送の協力会社を募集しています');
    await user.clear(title);
    await user.type(title, '冷凍輸送の協力会社を探しています');
    await user.click(within(form).getByRole('button', { name: '承諾して登録する' }));

    expect(await screen.findByText(AICHAT_MESSAGES.accepted)).toBeInTheDocument();
    expect(sentTo(fetch, `POST /api/v1/mybusiness/need_offers/${OFFER_CODE}/accept`)).toEqual([
      expect.objectContaining({
        need_title: '冷凍輸送の協力会社を探しています',
        need_category: 'build',
        need_industry_codes: ['37'],
        need_area_codes: ['13'],
        need_visibility: 1,
        need_reach: 'bank',
      }),
    ]);
    expect(requestsTo(fetch, 'POST /api/v1/mybusiness/needs')).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/mybusiness/needs'));
  });

  it('is the 404 page for an offer that is no longer waiting', async () => {
    renderMatching(`/mypage/mybusiness/needs/offer/${OFFER_CODE}`, {
      api: { [OFFERS_CALL]: () => successAnswer([]) },
    });
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
  });

  it('says so when the offers did not load, and still lists the needs', async () => {
    renderMatching('/mypage/mybusiness/needs', {
      api: {
        'GET /api/v1/mybusiness/needs': () => paged([]),
        [OFFERS_CALL]: () => ({ status: 500, body: { status: 'error', message: 'x' } }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '金融機関からのご提案を読み込めませんでした。',
    );
    expect(screen.getByText('登録済みのニーズはありません。')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loadFailed)).not.toBeInTheDocument();
  });
});
