import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import { callKey } from '#server/contracts/call.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import type { NeedDetail, OwnNeed, PublishedNeed } from '#server/contracts/matching.ts';
import type { Deal, DealDetail } from '#server/contracts/matching-deals.ts';
import { getOwnAgreementCall } from '#server/contracts/matching-agreement.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { matchingNetworkRoutes } from '#client/features/matching/network-pages.tsx';
import { matchingRoutes } from '#client/features/matching/pages.tsx';
import { type MasterList, type MasterListName, masterListQueryOptions } from '#client/lib/master-data.ts';
import { config0182 } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { ErrorStatus } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

type MatchingListName = 'ba_ca_types' | 'prefectures' | 'cmh_statuses' | 'cmh_request_types';

/**
 * The master lists the matching pages read, as the server seeds them (server/db/master-data/):
 * two 大分類 with enough 中分類 to pass a need's limit of five, three prefectures of two regions,
 * and the deal statuses and request types.
 */
export const MATCHING_LISTS: { [K in MatchingListName]: MasterList<K> } = {
  ba_ca_types: [
    {
      code: 'E',
      name: '製造業',
      children: [
        { code: '09', name: '食料品製造業' },
        { code: '10', name: '飲料・たばこ・飼料製造業' },
        { code: '11', name: '繊維工業' },
        { code: '12', name: '木材・木製品製造業' },
        { code: '13', name: '家具・装備品製造業' },
      ],
    },
    {
      code: 'G',
      name: '情報通信業',
      children: [
        { code: '37', name: '通信業' },
        { code: '39', name: '情報サービス業' },
      ],
    },
  ],
  prefectures: [
    { code: '13', name: '東京都', name_kana: 'トウキョウト', region: '関東' },
    { code: '14', name: '神奈川県', name_kana: 'カナガワケン', region: '関東' },
    { code: '27', name: '大阪府', name_kana: 'オオサカフ', region: '近畿' },
  ],
  cmh_statuses: [
    { code: 'requested', name: '商談依頼中' },
    { code: 'replied', name: '返信済み' },
    { code: 'negotiating', name: '商談中' },
    { code: 'contracted', name: '成約' },
    { code: 'not_contracted', name: '不成立' },
    { code: 'declined', name: '辞退' },
    { code: 'withdrawn', name: '取り下げ' },
  ],
  cmh_request_types: [
    { code: 'deal', name: '商談依頼' },
    { code: 'document', name: '資料請求' },
    { code: 'estimate', name: '見積依頼' },
  ],
};

export const NEED_CODE = 'ca0001';
export const OTHER_NEED_CODE = 'ca0002';
export const DEAL_CODE = 'cmh0001';

export function ownNeed(change: Partial<OwnNeed> = {}): OwnNeed {
  return {
    ca_unique_code: NEED_CODE,
    need_title: 'CNC旋盤の加工を協力会社にお願いしたい',
    need_category: 'build',
    need_industry_codes: ['12'],
    need_area_codes: ['13', '14'],
    need_body: 'アルミ・ステンレス部品のCNC旋盤加工をお願いできる協力会社を探しています。',
    need_images: [],
    need_period_start: '2026-04-01',
    need_period_end: '2026-06-30',
    need_visibility: 1,
    need_reach: 'bank',
    need_publish_status: 'PUBLISHING',
    need_deal_count: 2,
    need_created_at: '2026-04-01T01:00:00.000Z',
    need_updated_at: '2026-04-02T01:00:00.000Z',
    ...change,
  };
}

export function publishedNeed(change: Partial<PublishedNeed> = {}): PublishedNeed {
  return {
    ca_unique_code: OTHER_NEED_CODE,
    need_title: '冷凍餃子の販路を広げたい',
    need_category: 'sell',
    need_industry_codes: ['09'],
    need_area_codes: [],
    need_body: '地元の野菜を使った冷凍餃子の卸先を探しています。',
    need_images: [],
    need_period_start: '2026-04-10',
    need_period_end: null,
    need_is_nationwide: true,
    need_updated_at: '2026-04-10T01:00:00.000Z',
    company_unique_code: 'company-20',
    company_name: '株式会社みなと食品',
    company_prefecture_code: '27',
    bank_code: '0158',
    bank_name: 'やまぶき銀行',
    is_own_bank: false,
    ...change,
  };
}

export function needDetail(change: Partial<NeedDetail> = {}): NeedDetail {
  return { ...publishedNeed(), is_favorite: false, open_cmh_unique_code: null, ...change };
}

export function deal(change: Partial<Deal> = {}): Deal {
  return {
    cmh_unique_code: DEAL_CODE,
    cmh_request_type: 'estimate',
    cmh_status: 'requested',
    my_side: 'receiver',
    counterpart_company_unique_code: 'company-30',
    counterpart_company_name: 'つばめ運輸株式会社',
    counterpart_bank_code: '0182',
    counterpart_bank_name: 'しおさい銀行',
    ca_unique_code: NEED_CODE,
    need_title: 'CNC旋盤の加工を協力会社にお願いしたい',
    need_category: 'build',
    cmh_unreplied_count: 1,
    cmh_created_at: '2026-04-05T01:00:00.000Z',
    cmh_updated_at: '2026-04-05T02:00:00.000Z',
    ...change,
  };
}

export function dealDetail(change: Partial<DealDetail> = {}): DealDetail {
  return {
    ...deal(),
    messages: [
      {
        message_is_mine: false,
        message_kind: 'request',
        message_body: '月200個程度の加工をお願いできますか。',
        message_created_at: '2026-04-05T01:00:00.000Z',
      },
    ],
    can_reply: true,
    can_accept: true,
    can_decline: true,
    can_withdraw: false,
    can_conclude: false,
    ...change,
  };
}

/** A list call's answer of one page. */
export function paged<T>(list: T[], total = list.length, page = 1, rows = 25) {
  const pages = Math.max(Math.ceil(total / rows), 1);
  return successAnswer({
    list,
    paging_data: {
      total_rows: total,
      total_pages: pages,
      page,
      rows,
      is_first_page: page === 1,
      prev_page: page > 1 ? page - 1 : null,
      is_last_page: page >= pages,
      next_page: page < pages ? page + 1 : null,
    },
  });
}

export interface MatchingRenderOptions {
  api?: FakeApi;
  config?: PublicAppConfig;
  user?: LoggedInUser;
  /**
   * The company's agreement to the matching terms as the cache holds it when the page opens (a
   * company that has agreed, by default); null leaves it for the page to ask the API.
   */
  agreement?: { agreed: boolean; unique_code: string | null } | null;
}

/** The agreement page's code of the fixture company. */
export const AGREEMENT_CODE = 'agr0001';

/** What the fake API answers unless a test says otherwise: no offers from the bank are waiting. */
const MATCHING_API_DEFAULTS: FakeApi = {
  'GET /api/v1/mybusiness/need_offers': () => successAnswer([]),
};

/**
 * The matching pages at `path` (the real routes, lazily loaded as in the app) inside the app's
 * providers, with the master lists in the query cache as start-up leaves them, the toasts and the
 * overlay on screen, under a route error element; any other address shows ほかのページ.
 */
export function renderMatching(
  path: string,
  {
    api = {},
    config = config0182(),
    user = fixtureUser('company_owner'),
    agreement = { agreed: true, unique_code: AGREEMENT_CODE },
  }: MatchingRenderOptions = {},
) {
  const { Providers, fetch, queryClient } = createProviders({
    config,
    user,
    api: { ...MATCHING_API_DEFAULTS, ...api },
  });
  if (agreement !== null) queryClient.setQueryData(callKey(getOwnAgreementCall, {}), agreement);
  const { api: client } = fakeApiClient();
  const put = <K extends MatchingListName>(name: K) =>
    queryClient.setQueryData(
      masterListQueryOptions(client, name as K & MasterListName).queryKey,
      MATCHING_LISTS[name],
    );
  for (const name of Object.keys(MATCHING_LISTS) as MatchingListName[]) put(name);
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...matchingRoutes, ...matchingNetworkRoutes, { path: '*', element: <p>ほかのページ</p> }],
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
  return { fetch, router, queryClient, user: userEvent.setup() };
}

/** The query of the last request of `METHOD /path` the page made. */
export function lastQueryTo(fetch: ReturnType<typeof createProviders>['fetch'], route: string) {
  const [method, path] = route.split(' ');
  const urls = fetch.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://bank.test').pathname === path,
    )
    .map(([input]) => new URL(String(input), 'http://bank.test'));
  return Object.fromEntries(urls.at(-1)?.searchParams ?? []);
}
