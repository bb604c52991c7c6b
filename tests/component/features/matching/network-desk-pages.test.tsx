import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { AICHAT_MESSAGES, NEED_WRITING_STYLES } from '#server/contracts/aichat.ts';
import type { CompanyListItem } from '#server/contracts/companies.ts';
import { AGENT_MESSAGES } from '#server/contracts/matching-agent.ts';
import { AGREEMENT_MESSAGES } from '#server/contracts/matching-agreement.ts';
import { type Campaign, CAMPAIGN_MESSAGES } from '#server/contracts/matching-campaigns.ts';
import type { StaffNeedListItem } from '#server/contracts/matching-staff.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { matchingDeskRoutes } from '#client/features/matching/desk-pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeApi,
  serverMenuAnswer,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import {
  ErrorStatus,
  errorOf,
  requestsTo,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import { paged } from './matching-fixtures.tsx';

/**
 * The bank's matching desk: the agreements (/admin/ncba/bm), the campaigns, the agent requests and
 * the AI-assisted needs, as the real lazy routes render them over a fake API.
 */

const AGREEMENTS_CALL = 'GET /api/v1/admin/ncba/bm';
const CAMPAIGNS_CALL = '/api/v1/admin/matching/campaigns';
const STAFF_NEED_SEARCH = 'POST /api/v1/admin/company/needs/search';
const STAFF_AGENT_CALL = 'GET /api/v1/admin/matching/agent';
const STYLES_CALL = 'GET /api/v1/aichat/ba/company/needs/writing_styles';
const WRITE_CALL = 'POST /api/v1/aichat/ba/company/needs';
const OFFER_CALL = 'POST /api/v1/aichat/ba/needs_offer';
const COMPANY_SEARCH = 'POST /api/v1/company/search';

function renderDesk(
  path: string,
  { api = {}, userType = 'bank_admin' }: { api?: FakeApi; userType?: UserTypeCode } = {},
) {
  const { Providers, fetch } = createProviders({ user: fixtureUser(userType), api });
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...matchingDeskRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { fetch, router, user: userEvent.setup() };
}

function staffNeed(change: Partial<StaffNeedListItem> = {}): StaffNeedListItem {
  return {
    ca_unique_code: 'ca0001',
    company_unique_code: 'company0006',
    company_name: '株式会社ミライテック・ソリューションズ',
    bb_id: 6,
    bb_name: '法人営業部',
    need_title: '中古のフォークリフトを買いたい',
    need_category: 'buy',
    need_reach: 'nationwide',
    need_visibility: 1,
    need_publish_status: 'PUBLISHING',
    need_period_start: '2026-04-01',
    need_period_end: null,
    need_deal_count: 2,
    need_created_at: '2026-03-31T15:30:00.000Z',
    need_updated_at: '2026-04-02T01:00:00.000Z',
    ...change,
  };
}

function campaign(change: Partial<Campaign> = {}): Campaign {
  return {
    campaign_unique_code: 'cp0001',
    campaign_title: '春のビジネスマッチング強化月間',
    campaign_body: '食品・物流の商談を応援します。',
    campaign_start: '2026-04-01',
    campaign_end: '2026-04-30',
    campaign_need_codes: ['ca0001'],
    campaign_updated_at: '2026-03-20T01:00:00.000Z',
    ...change,
  };
}

function listedCompany(change: Partial<CompanyListItem> = {}): CompanyListItem {
  return {
    company_id: 6,
    company_unique_code: 'company0006',
    company_name: '株式会社ミライテック・ソリューションズ',
    company_type: 'normal',
    owner_name: '未来 太郎',
    bb_id: 6,
    bb_name: '法人営業部',
    need_count: 1,
    coupon_count: 0,
    user_count: 3,
    business_user_count: 1,
    homepage_published: true,
    recruitment_published: false,
    charge_amount: null,
    charge_status: null,
    company_created_at: '2026-01-10T01:00:00.000Z',
    company_last_used_at: null,
    unsubscribe_requested_at: null,
    ...change,
  };
}

const STYLES = NEED_WRITING_STYLES.map(({ code, name, description }) => ({ code, name, description }));

beforeAll(async () => {
  await Promise.all([
    import('#client/features/matching/desk/agreement-list-page.tsx'),
    import('#client/features/matching/desk/campaign-list-page.tsx'),
    import('#client/features/matching/desk/campaign-edit-page.tsx'),
    import('#client/features/matching/desk/staff-agent-request-page.tsx'),
    import('#client/features/matching/desk/ai-need-writing-page.tsx'),
  ]);
}, 30_000);

describe.each(FIXTURE_BANKS)('the admin menu on bank $code', (bank) => {
  it.each([
    ['system_admin', true],
    ['bank_admin', true],
    ['branch_admin', false],
    ['branch_user', false],
  ] as const)('offers the campaigns to a %s: %s; the agent requests and AI needs to all', (type, admin) => {
    const titles = (items: readonly { title: string; sub?: readonly { title: string }[] }[]): string[] =>
      items.flatMap((item) => [item.title, ...titles(item.sub ?? [])]);
    const offered = titles(serverMenuAnswer(fixtureUser(type), bank.config()).items);
    expect(offered.includes('マッチングキャンペーン')).toBe(admin);
    expect(offered).toContain('エージェント依頼');
    expect(offered).toContain('AIニーズ作成');
    expect(offered).toContain('ビジネスマッチング契約');
  });
});

describe('/admin/ncba/bm', () => {
  it(
    'lists each company’s agreement, filters by state, and asks a company to agree',
    { timeout: 20_000 },
    async () => {
      const { fetch, router, user } = renderDesk('/admin/ncba/bm', {
        api: {
          [AGREEMENTS_CALL]: () =>
            paged([
              {
                company_unique_code: 'company0006',
                company_name: '株式会社ミライテック・ソリューションズ',
                bb_name: '法人営業部',
                state: 'agreed',
                requested_at: '2026-03-01T01:00:00.000Z',
                agreed_at: '2026-03-02T01:00:00.000Z',
              },
              {
                company_unique_code: 'company0001',
                company_name: 'さくら精工株式会社',
                bb_name: null,
                state: 'none',
                requested_at: null,
                agreed_at: null,
              },
            ]),
          'POST /api/v1/admin/ncba/bm/company0001/request': () =>
            successAnswer(
              {
                company_unique_code: 'company0001',
                company_name: 'さくら精工株式会社',
                bb_name: null,
                state: 'waiting',
                requested_at: '2026-04-05T01:00:00.000Z',
                agreed_at: null,
              },
              AGREEMENT_MESSAGES.requested,
            ),
        },
      });
      const table = await screen.findByRole('table', { name: 'ビジネスマッチング契約の一覧' });
      const [, agreed, none] = within(table).getAllByRole('row');
      expect(agreed).toHaveTextContent('同意済み');
      expect(agreed).toHaveTextContent('2026/03/02');
      expect(within(agreed!).queryByRole('button')).not.toBeInTheDocument();
      expect(none).toHaveTextContent('未依頼');

      await user.click(within(none!).getByRole('button', { name: 'さくら精工株式会社に同意を依頼' }));
      expect(await screen.findByText(AGREEMENT_MESSAGES.requested)).toBeInTheDocument();
      expect(requestsTo(fetch, 'POST /api/v1/admin/ncba/bm/company0001/request')).toHaveLength(1);

      const form = screen.getByRole('search', { name: '検索条件' });
      await user.type(within(form).getByLabelText('キーワード'), 'さくら');
      await user.selectOptions(within(form).getByLabelText('同意状況'), '同意待ち');
      await user.click(within(form).getByRole('button', { name: '検索' }));
      await waitFor(() =>
        expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
          keyword: 'さくら',
          state: 'waiting',
        }),
      );
      const asked = requestsTo(fetch, AGREEMENTS_CALL).at(-1)!.url.searchParams;
      expect(asked.get('keyword')).toBe('さくら');
      expect(asked.get('state')).toBe('waiting');
    },
  );
});

describe('/admin/matching/campaign', () => {
  it('lists the campaigns with their period and needs for an admin', async () => {
    renderDesk('/admin/matching/campaign', {
      api: { [`GET ${CAMPAIGNS_CALL}`]: () => paged([campaign()]) },
    });
    const table = await screen.findByRole('table', { name: 'マッチングキャンペーンの一覧' });
    expect(within(table).getByRole('link', { name: '春のビジネスマッチング強化月間' })).toHaveAttribute(
      'href',
      '/admin/matching/campaign/edit/cp0001',
    );
    expect(table).toHaveTextContent('2026/04/01〜2026/04/30');
    expect(table).toHaveTextContent('1件');
    expect(screen.getByRole('link', { name: '新しいキャンペーンを作成' })).toHaveAttribute(
      'href',
      '/admin/matching/campaign/edit/new',
    );
  });

  it.each(['branch_admin', 'branch_user'] as const)('is the 403 page for a %s', async (userType) => {
    renderDesk('/admin/matching/campaign', { userType });
    expect(await screen.findByText('エラー 403')).toBeInTheDocument();
  });

  it(
    'checks a new campaign in the browser, finds needs to feature, and saves it',
    { timeout: 20_000 },
    async () => {
      const { fetch, router, user } = renderDesk('/admin/matching/campaign/edit/new', {
        api: {
          [STAFF_NEED_SEARCH]: () => paged([staffNeed()]),
          [`POST ${CAMPAIGNS_CALL}`]: (body) =>
            successAnswer(
              { ...campaign(), ...(body as object), campaign_unique_code: 'cp0002' },
              MESSAGES.saved,
            ),
        },
      });
      const form = await screen.findByRole('form', { name: 'キャンペーンの入力' });
      await user.click(within(form).getByRole('button', { name: '保存する' }));
      const title = within(form).getByRole('textbox', { name: 'タイトル 必須' });
      expect(errorOf(title)).toBe(VALIDATION_MESSAGES.required);
      expect(errorOf(within(form).getByLabelText(/^終了日/))).toBe(VALIDATION_MESSAGES.required);
      expect(document.activeElement).toBe(title);

      await user.type(title, '春のビジネスマッチング強化月間');
      await user.type(
        within(form).getByRole('textbox', { name: '本文 必須' }),
        '食品・物流の商談を応援します。',
      );
      const start = within(form).getByLabelText(/^開始日/);
      await user.clear(start);
      await user.type(start, '2026-05-10');
      await user.type(within(form).getByLabelText(/^終了日/), '2026-05-01');
      await user.click(within(form).getByRole('button', { name: '保存する' }));
      expect(errorOf(within(form).getByLabelText(/^終了日/))).toBe(CAMPAIGN_MESSAGES.endBeforeStart);
      expect(requestsTo(fetch, `POST ${CAMPAIGNS_CALL}`)).toEqual([]);

      const end = within(form).getByLabelText(/^終了日/);
      await user.clear(end);
      await user.type(end, '2026-05-31');
      await user.type(
        within(form).getByRole('searchbox', { name: '当行の企業のニーズを探す' }),
        'フォークリフト',
      );
      await user.click(within(form).getByRole('button', { name: 'ニーズを検索' }));
      const found = await within(form).findByRole('list', { name: '見つかったニーズ' });
      await user.click(within(found).getByRole('button', { name: '中古のフォークリフトを買いたいを追加' }));
      const chosen = within(form).getByRole('list', { name: '掲載するニーズ' });
      expect(chosen).toHaveTextContent('中古のフォークリフトを買いたい');
      expect(requestsTo(fetch, STAFF_NEED_SEARCH).at(-1)!.body).toEqual({
        conditions: { keyword: 'フォークリフト', status: 'PUBLISHING' },
        page: 1,
        rows: 10,
      });

      await user.type(within(form).getByRole('textbox', { name: 'ニーズのコードで追加' }), 'ca0100, ca0101');
      await user.click(within(form).getByRole('button', { name: 'コードで追加' }));
      expect(within(chosen).getAllByRole('listitem')).toHaveLength(3);

      await user.click(within(form).getByRole('button', { name: '保存する' }));
      expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
      expect(sentTo(fetch, `POST ${CAMPAIGNS_CALL}`)).toEqual([
        {
          campaign_title: '春のビジネスマッチング強化月間',
          campaign_body: '食品・物流の商談を応援します。',
          campaign_start: '2026-05-10',
          campaign_end: '2026-05-31',
          campaign_need_codes: ['ca0001', 'ca0100', 'ca0101'],
        },
      ]);
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/matching/campaign'));
    },
  );

  it('puts the server’s refusal of a need under the needs', async () => {
    const { user } = renderDesk('/admin/matching/campaign/edit/cp0001', {
      api: {
        [`GET ${CAMPAIGNS_CALL}/cp0001`]: () => successAnswer(campaign()),
        [`POST ${CAMPAIGNS_CALL}/needs`]: () =>
          successAnswer([
            {
              ca_unique_code: 'ca0001',
              need_title: '中古のフォークリフトを買いたい',
              company_name: 'つばめ運輸株式会社',
              bank_name: 'しおさい銀行',
            },
          ]),
        [`PUT ${CAMPAIGNS_CALL}/cp0001`]: () => ({
          status: 422,
          body: {
            status: 'error',
            message: CAMPAIGN_MESSAGES.needNotPublished,
            errors: { campaign_need_codes: [CAMPAIGN_MESSAGES.needNotPublished] },
          },
        }),
      },
    });
    const form = await screen.findByRole('form', { name: 'キャンペーンの入力' });
    expect(within(form).getByRole('textbox', { name: 'タイトル 必須' })).toHaveValue(
      '春のビジネスマッチング強化月間',
    );
    const chosen = within(form).getByRole('list', { name: '掲載するニーズ' });
    expect(await within(chosen).findByText(/中古のフォークリフトを買いたい/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '保存する' }));
    const needs = within(form).getByRole('group', { name: '掲載するニーズ' });
    await waitFor(() => expect(errorOf(needs)).toBe(CAMPAIGN_MESSAGES.needNotPublished));
  });

  it('deletes a campaign after asking again', async () => {
    const { fetch, router, user } = renderDesk('/admin/matching/campaign/edit/cp0001', {
      api: {
        [`GET ${CAMPAIGNS_CALL}/cp0001`]: () => successAnswer(campaign({ campaign_need_codes: [] })),
        [`DELETE ${CAMPAIGNS_CALL}/cp0001`]: () =>
          successAnswer({ campaign_unique_code: 'cp0001' }, CAMPAIGN_MESSAGES.deleted),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'キャンペーンを削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'キャンペーンの削除' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText(CAMPAIGN_MESSAGES.deleted)).toBeInTheDocument();
    expect(requestsTo(fetch, `DELETE ${CAMPAIGNS_CALL}/cp0001`)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/matching/campaign'));
  });
});

describe('/admin/matching/agent', () => {
  it('lists the requests, filters by status and moves one on with a note', async () => {
    const request = {
      agent_request_unique_code: 'agt0001',
      ca_unique_code: null,
      need_title: null,
      agent_request_body: '運送会社を紹介してください。',
      agent_request_status: 'open' as const,
      agent_request_note: null,
      agent_request_created_at: '2026-04-05T01:00:00.000Z',
      agent_request_updated_at: '2026-04-05T01:00:00.000Z',
      company_unique_code: 'company0006',
      company_name: '株式会社ミライテック・ソリューションズ',
      bb_name: '法人営業部',
    };
    const { fetch, router, user } = renderDesk('/admin/matching/agent', {
      userType: 'branch_user',
      api: {
        [STAFF_AGENT_CALL]: () => paged([request]),
        'POST /api/v1/admin/matching/agent/agt0001': (body) =>
          successAnswer({ ...request, ...(body as object) }, AGENT_MESSAGES.updated),
      },
    });
    const list = await screen.findByRole('list', { name: 'エージェント依頼' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('受付');
    expect(item).toHaveTextContent('運送会社を紹介してください。');
    expect(item).toHaveTextContent('法人営業部');

    await user.click(
      within(item!).getByRole('button', { name: '株式会社ミライテック・ソリューションズの依頼の対応を更新' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '依頼の対応を更新' });
    await user.selectOptions(within(dialog).getByLabelText('状況'), '対応中');
    await user.type(within(dialog).getByLabelText('企業への連絡事項'), '候補の企業に打診しています。');
    await user.click(within(dialog).getByRole('button', { name: '更新する' }));
    expect(await screen.findByText(AGENT_MESSAGES.updated)).toBeInTheDocument();
    expect(sentTo(fetch, 'POST /api/v1/admin/matching/agent/agt0001')).toEqual([
      { agent_request_status: 'in_progress', agent_request_note: '候補の企業に打診しています。' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const form = screen.getByRole('search', { name: '検索条件' });
    await user.selectOptions(within(form).getByLabelText('状況'), '完了');
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('done'));
    expect(requestsTo(fetch, STAFF_AGENT_CALL).at(-1)!.url.searchParams.get('status')).toBe('done');
  });
});

describe('/admin/company/needs/ai', () => {
  const api = (write: FakeApi[string]): FakeApi => ({
    [STYLES_CALL]: () => successAnswer(STYLES),
    [COMPANY_SEARCH]: () => paged([listedCompany()]),
    [WRITE_CALL]: write,
    [OFFER_CALL]: () => successAnswer({ message: AICHAT_MESSAGES.offered }, AICHAT_MESSAGES.offered),
  });

  async function fillIn(user: ReturnType<typeof userEvent.setup>) {
    const form = await screen.findByRole('form', { name: 'AIによるニーズ作成の条件' });
    await user.type(within(form).getByRole('searchbox', { name: '企業名で検索' }), 'ミライテック');
    await user.click(within(form).getByRole('button', { name: '企業を検索' }));
    await user.click(
      await within(form).findByRole('radio', { name: /株式会社ミライテック・ソリューションズ/ }),
    );
    await user.click(within(form).getByRole('radio', { name: /丁寧/ }));
    await user.click(within(form).getByRole('radio', { name: '売りたい' }));
    await user.type(within(form).getByRole('textbox', { name: 'ヒント' }), '冷凍食品の販路');
    return form;
  }

  it('asks for the company, the style and the category before writing', async () => {
    const { fetch, user } = renderDesk('/admin/company/needs/ai', { api: api(() => successAnswer({})) });
    const form = await screen.findByRole('form', { name: 'AIによるニーズ作成の条件' });
    await within(form).findByRole('radio', { name: /簡潔/ });
    await user.click(within(form).getByRole('button', { name: '作成' }));
    expect(errorOf(within(form).getByRole('searchbox', { name: '企業名で検索' }))).toBe(
      VALIDATION_MESSAGES.required,
    );
    expect(within(form).getByRole('group', { name: '文体 必須' })).toHaveTextContent(
      AICHAT_MESSAGES.invalidChoice,
    );
    expect(within(form).getByRole('group', { name: 'カテゴリ 必須' })).toHaveTextContent(
      AICHAT_MESSAGES.invalidChoice,
    );
    expect(requestsTo(fetch, WRITE_CALL)).toEqual([]);
  });

  it('writes the draft, shows it, and offers it to the company', async () => {
    const { fetch, user } = renderDesk('/admin/company/needs/ai', {
      api: api(() =>
        successAnswer(
          {
            needs_unique_code: 'ca0500',
            need_title: '冷凍餃子の新しい販路を探しています',
            need_body: '地元の野菜を使った冷凍餃子の卸先を探しています。',
            writing_style: 'polite',
          },
          AICHAT_MESSAGES.drafted,
        ),
      ),
    });
    const form = await fillIn(user);
    await user.click(within(form).getByRole('button', { name: '作成' }));
    const draft = await screen.findByRole('region', { name: '作成したニーズ' });
    expect(draft).toHaveTextContent('冷凍餃子の新しい販路を探しています');
    expect(draft).toHaveTextContent('地元の野菜を使った冷凍餃子の卸先を探しています。');
    expect(draft).toHaveTextContent('文体: 丁寧');
    expect(sentTo(fetch, WRITE_CALL)).toEqual([
      {
        company_unique_code: 'company0006',
        writing_style: 'polite',
        need_category: 'sell',
        hint: '冷凍食品の販路',
      },
    ]);

    await user.click(within(draft).getByRole('button', { name: '企業に提案する' }));
    expect(await within(draft).findByRole('status')).toHaveTextContent(AICHAT_MESSAGES.offered);
    expect(sentTo(fetch, OFFER_CALL)).toEqual([{ needs_unique_code: 'ca0500' }]);
  });

  it('says エラーが発生しました when the draft could not be written, and shows none', async () => {
    const { user } = renderDesk('/admin/company/needs/ai', {
      api: api(() => ({ status: 422, body: { status: 'error', message: MESSAGES.requestFailed } })),
    });
    const form = await fillIn(user);
    await user.click(within(form).getByRole('button', { name: '作成' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.requestFailed);
    expect(screen.queryByRole('region', { name: '作成したニーズ' })).not.toBeInTheDocument();
  });
});
