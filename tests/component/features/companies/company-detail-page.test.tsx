import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { CompanyDetail } from '#server/contracts/company-detail.ts';
import { leaveMonthChoices, leavesOnOf } from '#server/contracts/company-unsubscription.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { companyDeskRoutes } from '#client/features/companies/admin/pages.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { type FakeApi, fakeApiClient, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import {
  factOf,
  renderRegistrationPages,
  requestsTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const CODE = '5f2c0a9e1b7d4c3a8e6f0b12';
const PAGE = `/admin/company/detail/${CODE}`;
const DETAIL = `GET /api/v1/company/detail/${CODE}`;
const CANCEL = 'POST /api/v1/company/unsubscribe/cancel';

/** The company as GET /api/v1/company/detail/{code} answers it; `change` overrides parts. */
function company(change: Partial<CompanyDetail> = {}): CompanyDetail {
  return {
    profile: {
      company_unique_code: CODE,
      company_name: 'さくら精工株式会社',
      company_name_kana: 'サクラセイコウ',
      company_type: 'normal',
      company_corporate_number: '3100001012345',
      company_representative_name: '佐藤 健一',
      company_post_code: '100-1001',
      company_prefecture_code: '42',
      prefecture_name: '長崎県',
      company_address1: '中央区',
      company_address2: '本町1丁目2-3',
      company_address3: null,
      company_tel: '03-5000-1001',
      company_website_url: 'https://www.example.com/sakura-seiko',
      industry_major_name: '製造業',
      industry_middle_name: '生産用機械器具製造業',
      company_established_on: '1978-04-01',
      company_account_closing_month: 3,
      company_employee_count: 86,
      company_enable_ba: true,
      company_enable_baportal: false,
      company_created_at: '2025-04-01T00:30:00.000Z',
      company_updated_at: '2026-03-02T05:00:00.000Z',
      company_last_used_at: '2026-04-14T23:45:00.000Z',
    },
    branch: { bb_code: '001', bb_name: '本店営業部' },
    status: 'active',
    users: [
      {
        user_unique_code: 'u-owner',
        user_type: 'company_owner',
        user_last_name: '佐藤',
        user_first_name: '健一',
        user_login_id: 'owner-0182',
        user_email: 'k.sato@sakura-seiko.example.jp',
        user_is_disabled: false,
        user_last_login_at: '2026-04-14T23:45:00.000Z',
        recent_login_count: 12,
      },
      {
        user_unique_code: 'u-employee',
        user_type: 'company_employee',
        user_last_name: '高橋',
        user_first_name: '大輔',
        user_login_id: 'employee-0182',
        user_email: 'd.takahashi@sakura-seiko.example.jp',
        user_is_disabled: true,
        user_last_login_at: null,
        recent_login_count: 0,
      },
    ],
    charges: {
      this_month: '2026-04-01',
      this_month_total: 4400,
      list: [
        {
          charge_month: '2026-04-01',
          charge_kind: 'subscription',
          charge_amount: 5500,
          charge_status: 'unpaid',
          charge_note: null,
        },
        {
          charge_month: '2026-04-01',
          charge_kind: 'adjust',
          charge_amount: -1100,
          charge_status: 'unpaid',
          charge_note: '初月割引',
        },
        {
          charge_month: '2026-03-01',
          charge_kind: 'subscription',
          charge_amount: 5500,
          charge_status: 'paid',
          charge_note: null,
        },
      ],
    },
    unsubscription: null,
    payment_card: null,
    ...change,
  };
}

/** The end of next month (in Japan): a reservation that can still be cancelled. */
const LEAVES_ON = leavesOnOf(leaveMonthChoices(new Date())[1]!);
/** `2026-12-31` → `2026年12月31日`. */
const japaneseDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return `${year}年${month}月${date}日`;
};

const RESERVED: CompanyDetail['unsubscription'] = {
  reason_code: 'business_closed',
  reason_name: '廃業・休業のため',
  note: '事業縮小のため、来月末で退会されるとのこと（電話にて確認）。',
  leaves_on: LEAVES_ON,
  requested_at: '2026-04-10T01:00:00.000Z',
  requested_by_name: '渡辺 真理子',
  carried_out_at: null,
};

/** The master lists the page reads, as the server seeds them (server/db/master-data/). */
const LISTS = {
  company_types: [
    { code: 'normal', name: '一般企業' },
    { code: 'partner', name: 'パートナー企業' },
    { code: 'baportal', name: 'BAポータル企業' },
  ],
  user_types: [
    { code: 'company_owner', name: '企業オーナー', user_group: 'company' },
    { code: 'company_user', name: '企業ユーザー', user_group: 'company' },
    { code: 'partner_company_owner', name: 'パートナー企業オーナー', user_group: 'company' },
    { code: 'company_employee', name: '従業員', user_group: 'company' },
  ],
  company_statuses: [
    { code: 'active', name: '利用中' },
    { code: 'suspended', name: '利用停止中' },
    { code: 'unsubscribe_reserved', name: '退会予約中' },
    { code: 'unsubscribed', name: '退会済み' },
  ],
  unsubscribe_reasons: [
    { code: 'business_closed', name: '廃業・休業のため' },
    { code: 'other', name: 'その他' },
  ],
  charge_statuses: [
    { code: 'unbilled', name: '未請求', color: '#757575', is_closed: false },
    { code: 'billed', name: '請求済み', color: '#1565C0', is_closed: false },
    { code: 'unpaid', name: '未入金', color: '#C62828', is_closed: false },
    { code: 'paid', name: '入金済み', color: '#2E7D32', is_closed: true },
  ],
} as const;

/** The desk's pages at `path` for a staff member of `userType`, the fake API answering `api`. */
function renderDetail(api: FakeApi, userType: UserTypeCode = 'bank_admin', path = PAGE) {
  const rendered = renderRegistrationPages({
    routes: companyDeskRoutes,
    path,
    config: FIXTURE_BANKS[0].config(),
    user: fixtureUser(userType),
    api,
  });
  const { api: client } = fakeApiClient();
  for (const [name, list] of Object.entries(LISTS))
    rendered.queryClient.setQueryData(
      masterListQueryOptions(client, name as keyof typeof LISTS).queryKey,
      list as never,
    );
  return rendered;
}

const section = (name: string) => screen.findByRole('region', { name });

beforeAll(async () => {
  await import('#client/features/companies/admin/company-detail-page.tsx');
}, 30_000);

describe('/admin/company/detail/{id}: a company on the bank’s desk', () => {
  it(
    'shows its sections under their headings, the profile’s facts as the desk reads them',
    { timeout: 15_000 },
    async () => {
      renderDetail({ [DETAIL]: () => successAnswer(company()) });
      const profile = await section('企業情報');
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
        '企業情報',
        '取引店',
        '状態',
        'ユーザー',
        '月額利用料',
        '退会予約',
      ]);
      expect(factOf(profile, '企業名')).toBe('さくら精工株式会社');
      expect(factOf(profile, '企業種別')).toBe('一般企業');
      expect(factOf(profile, '法人番号')).toBe('3100001012345');
      expect(factOf(profile, '所在地')).toBe('〒100-1001 長崎県中央区本町1丁目2-3');
      expect(factOf(profile, '業種')).toBe('製造業 / 生産用機械器具製造業');
      expect(factOf(profile, '設立日')).toBe('1978年4月1日');
      expect(factOf(profile, '決算月')).toBe('3月');
      expect(factOf(profile, '従業員数')).toBe('86名');
      expect(factOf(profile, 'ビジネスアシスト')).toBe('利用する');
      expect(factOf(profile, 'ビジネスアシストポータル')).toBe('利用しない');
      expect(factOf(profile, '登録日時')).toBe('2025年4月1日(火) 9:30');
      expect(factOf(profile, '最終利用日時')).toBe('2026年4月15日(水) 8:45');
      expect(
        within(profile)
          .getByRole('link', { name: /sakura-seiko/ })
          .getAttribute('href'),
      ).toBe('https://www.example.com/sakura-seiko');

      const branch = await section('取引店');
      expect(factOf(branch, '店番')).toBe('001');
      expect(factOf(branch, '取引店名')).toBe('本店営業部');
      expect(factOf(await section('状態'), '利用状況')).toBe('利用中');
      expect(within(await section('退会予約')).getByText('退会予約はありません。')).toBeTruthy();
    },
  );

  it('lists the users with their type, state, last login and logins of the last 30 days', async () => {
    renderDetail({ [DETAIL]: () => successAnswer(company()) });
    const users = await section('ユーザー');
    const rows = within(users)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [
        '佐藤 健一',
        '企業オーナー',
        'owner-0182',
        'k.sato@sakura-seiko.example.jp',
        '利用中',
        '2026年4月15日(水) 8:45',
        '12回',
      ],
      ['高橋 大輔', '従業員', 'employee-0182', 'd.takahashi@sakura-seiko.example.jp', '利用停止', '—', '0回'],
    ]);
    expect(within(users).getByRole('columnheader', { name: '直近30日のログイン' })).toBeTruthy();
  });

  it('shows this month’s total, the card, and each charge’s status in the charge_statuses colour', async () => {
    renderDetail({ [DETAIL]: () => successAnswer(company()) });
    const charges = await section('月額利用料');
    expect(factOf(charges, '今月（2026年4月）の合計')).toBe('4,400円');
    expect(factOf(charges, 'クレジットカード')).toBe('未登録');
    const table = within(charges).getByRole('table', { name: '直近12か月の月額利用料' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026年4月月額利用料5,500円未入金—',
      '2026年4月調整-1,100円未入金初月割引',
      '2026年3月月額利用料5,500円入金済み—',
    ]);
    const unpaid = within(rows[0]!).getByText('未入金');
    expect(unpaid.style.color).toBe('rgb(198, 40, 40)');
    expect(within(rows[2]!).getByText('入金済み').style.color).toBe('rgb(46, 125, 50)');
  });

  it('shows a registered card by its brand and last four digits, and no charges as such', async () => {
    renderDetail({
      [DETAIL]: () =>
        successAnswer(
          company({
            payment_card: { card_brand: 'VISA', card_last4: '1111' },
            charges: { this_month: '2026-04-01', this_month_total: 0, list: [] },
          }),
        ),
    });
    const charges = await section('月額利用料');
    expect(factOf(charges, 'クレジットカード')).toBe('VISA（下4桁 1111）');
    expect(factOf(charges, '今月（2026年4月）の合計')).toBe('0円');
    expect(within(charges).getByText('月額利用料の登録はありません')).toBeTruthy();
  });

  it('shows a reserved leaving, and gives the admins the panel that cancels it', async () => {
    renderDetail({
      [DETAIL]: () => successAnswer(company({ status: 'unsubscribe_reserved', unsubscription: RESERVED })),
    });
    const leaving = await section('退会予約');
    expect(factOf(leaving, '退会理由')).toBe('廃業・休業のため');
    expect(factOf(leaving, '備考')).toBe(RESERVED?.note);
    expect(factOf(leaving, '退会日')).toBe(japaneseDay(LEAVES_ON));
    expect(factOf(leaving, '予約日時')).toBe('2026年4月10日(金) 10:00');
    expect(factOf(leaving, '予約者')).toBe('渡辺 真理子');
    expect(factOf(leaving, '退会処理日時')).toBeUndefined();
    const panel = within(leaving).getByRole('region', { name: '退会予約の操作' });
    expect(within(panel).getByText(`${japaneseDay(LEAVES_ON)}をもって退会する予約があります。`)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '退会予約を取り消す' })).toBeTruthy();
    const tag = within(await section('状態')).getByText('退会予約中');
    expect(tag.getAttribute('data-status')).toBe('unsubscribe_reserved');
  });

  it('shows the company as it now is once the panel has cancelled its leaving', async () => {
    const state = { current: company({ status: 'unsubscribe_reserved', unsubscription: RESERVED }) };
    const { fetch, user } = renderDetail({
      [DETAIL]: () => successAnswer(state.current),
      [CANCEL]: () => {
        state.current = company();
        return successAnswer({ company_unique_code: CODE }, '退会予約を取り消しました');
      },
    });
    const leaving = await section('退会予約');
    await user.click(within(leaving).getByRole('button', { name: '退会予約を取り消す' }));
    const dialog = await screen.findByRole('dialog', { name: '退会予約の取り消し' });
    await user.click(within(dialog).getByRole('button', { name: '退会予約を取り消す' }));
    expect(await within(leaving).findByText('退会予約はありません。')).toBeTruthy();
    expect(factOf(await section('状態'), '利用状況')).toBe('利用中');
    expect(requestsTo(fetch, CANCEL).map(({ body }) => body)).toEqual([{ company_unique_code: CODE }]);
    expect(requestsTo(fetch, DETAIL)).toHaveLength(2);
    // With no reservation left, the panel offers to reserve one.
    expect(within(leaving).getByRole('button', { name: '退会予約' })).toBeTruthy();
  });

  it('offers the admins to reserve the leaving of an active company', async () => {
    renderDetail({ [DETAIL]: () => successAnswer(company()) }, 'system_admin');
    const panel = within(await section('退会予約')).getByRole('region', { name: '退会予約の操作' });
    expect(within(panel).getByRole('combobox', { name: /退会理由/ })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '退会予約' })).toBeTruthy();
  });

  it('shows a carried-out leaving with no panel: the company has left', async () => {
    renderDetail({
      [DETAIL]: () =>
        successAnswer(
          company({
            status: 'unsubscribed',
            unsubscription: {
              ...RESERVED!,
              leaves_on: '2026-05-31',
              carried_out_at: '2026-06-01T00:05:00.000Z',
            },
          }),
        ),
    });
    const leaving = await section('退会予約');
    expect(factOf(leaving, '退会日')).toBe('2026年5月31日');
    expect(factOf(leaving, '退会処理日時')).toBe('2026年6月1日(月) 9:05');
    expect(within(leaving).queryByRole('region', { name: '退会予約の操作' })).toBeNull();
    expect(within(leaving).queryByRole('button')).toBeNull();
    expect(factOf(await section('状態'), '利用状況')).toBe('退会済み');
  });

  it('links the admins only to the company’s pages that exist: the user switch, the partner companies, its needs and deals, and the charge page', async () => {
    renderDetail({ [DETAIL]: () => successAnswer(company()) });
    await section('企業情報');
    const related = screen.getByRole('navigation', { name: '関連ページ' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['ユーザー一覧', '/admin/company/user'],
      ['パートナー企業', '/admin/company/partner'],
      ['ニーズ一覧', `/admin/company/needs?company=${CODE}`],
      ['商談一覧', `/admin/company/matching?company=${CODE}`],
    ]);
    const chargeLink = within(await section('月額利用料')).getByRole('link', {
      name: '月額利用料を登録する',
    });
    expect(chargeLink.getAttribute('href')).toBe(`/admin/company/charge?company=${CODE}`);
    // No page of another domain that is not built yet (needs, matching, …) is linked.
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
    expect(
      hrefs.filter(
        (href) =>
          href.startsWith('/admin/company/') && !/\/(user|partner|charge|needs|matching)\b/.test(href),
      ),
    ).toEqual([]);
  });

  it('offers branch staff neither the admins’ pages nor the leaving panel', async () => {
    renderDetail(
      {
        [DETAIL]: () => successAnswer(company({ status: 'unsubscribe_reserved', unsubscription: RESERVED })),
      },
      'branch_user',
    );
    const leaving = await section('退会予約');
    expect(factOf(leaving, '退会理由')).toBe('廃業・休業のため');
    expect(within(leaving).queryByRole('region', { name: '退会予約の操作' })).toBeNull();
    expect(within(leaving).queryByRole('button')).toBeNull();
    // The partner companies' list and the company's needs and deals are every staff member's; the
    // user switch is the admins'.
    const related = screen.getByRole('navigation', { name: '関連ページ' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['パートナー企業', 'ニーズ一覧', '商談一覧']);
    expect(screen.queryByRole('link', { name: '月額利用料を登録する' })).toBeNull();
  });

  it('shows the 404 page for a company that is not the bank’s or not of the staff member’s branches', async () => {
    const { fetch } = renderDetail(
      { [DETAIL]: () => ({ status: 404, body: { status: 'error' } }) },
      'branch_admin',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('エラー 404');
    expect(requestsTo(fetch, DETAIL)).toHaveLength(1);
  });

  it('shows the 404 page for a code that cannot be one, without asking the server', async () => {
    const { fetch } = renderDetail({}, 'bank_admin', '/admin/company/detail/%E3%81%82');
    expect((await screen.findByRole('alert')).textContent).toBe('エラー 404');
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('/company/detail/'))).toEqual([]);
  });

  it('says so in place when the company did not load', async () => {
    renderDetail({ [DETAIL]: () => ({ status: 500, body: { status: 'error' } }) });
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.loadFailed);
  });
});
