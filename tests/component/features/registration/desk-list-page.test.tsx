import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import type { RegistrationListItem } from '#server/contracts/registration-desk.ts';
import { deskRoutes } from '#client/features/registration/desk/pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import type { FakeApi } from '#tests/component/fixtures/render-layout.tsx';
import { renderRegistrationPages, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import tenant0158 from '#tenants/0158/tenant.json' with { type: 'json' };
import tenant0182 from '#tenants/0182/tenant.json' with { type: 'json' };

const SEARCH = 'POST /api/v1/companyregister/search';

/** The variants each committed bank offers (its tenant file), which the public config carries. */
const OFFERED_VARIANTS: Record<(typeof FIXTURE_BANKS)[number]['code'], string[]> = {
  '0182': tenant0182.registration_variants,
  '0158': tenant0158.registration_variants,
};

/** An application's number as the server writes them: R and twelve hex digits. */
const numberOf = (index: number) => `R${String(index).padStart(12, '0')}`;

/** A list row as the desk's search answers it; `change` overrides fields. */
function listItem(index: number, change: Partial<RegistrationListItem> = {}): RegistrationListItem {
  return {
    cr_unique_code: numberOf(index),
    cr_variant: 'ba',
    variant_title: 'ビジネスアシスト利用申込',
    cr_status: 'pending',
    cr_company_name: `株式会社みなと食品 ${index}`,
    cr_applicant_name: `小林 洋子 ${index}`,
    bb_id: 1,
    bb_name: '本店営業部',
    cr_created_at: '2026-04-01T01:30:00.000Z',
    cr_decided_at: null,
    ...change,
  };
}

function listAnswer(items: readonly RegistrationListItem[], page = 1, rows = 25, total = items.length) {
  return {
    status: 200,
    body: { status: 'success', result: { list: items, paging_data: buildPagingData(total, page, rows) } },
  };
}

const APPLICATIONS: RegistrationListItem[] = Array.from({ length: 60 }, (_, index) => listItem(index + 1));

/** The fake search: pages APPLICATIONS like the server. */
function pagedApplications(body: unknown) {
  const { page, rows } = body as { page: number; rows: number };
  return listAnswer(APPLICATIONS.slice((page - 1) * rows, page * rows), page, rows, APPLICATIONS.length);
}

/**
 * The desk's pages (the real routes, lazily loaded as in the app) at `path`, inside the app's
 * providers, for a staff member of the bank (a bank admin by default); the fake API answers `api`.
 */
function renderDesk(
  path: string,
  {
    userType = 'bank_admin',
    api = { [SEARCH]: pagedApplications },
    bank = FIXTURE_BANKS[0],
  }: { userType?: UserTypeCode; api?: FakeApi; bank?: (typeof FIXTURE_BANKS)[number] } = {},
) {
  return renderRegistrationPages({
    routes: deskRoutes,
    path,
    config: { ...bank.config(), registration_variants: OFFERED_VARIANTS[bank.code] },
    user: fixtureUser(userType),
    api,
  });
}

/** The JSON bodies the page sent to the search, in order. */
const searchBodies = (fetch: ReturnType<typeof renderDesk>['fetch']) => sentTo(fetch, SEARCH);

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

beforeAll(async () => {
  await import('#client/features/registration/desk/registration-desk-list-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/admin/companyregister: the desk’s list on bank $code', (bank) => {
  it('lists the applications, 25 a page, each number opening its application', async () => {
    const { fetch } = renderDesk('/admin/companyregister', {
      bank,
      api: {
        [SEARCH]: () =>
          listAnswer(
            [
              listItem(1),
              listItem(2, {
                cr_status: 'approved',
                bb_id: null,
                bb_name: null,
                cr_decided_at: '2026-04-02T00:00:00.000Z',
              }),
              listItem(3, {
                cr_variant: 'social',
                variant_title: '地域企業ネットワーク参加申込',
                cr_status: 'rejected',
                cr_company_name: '有限会社さくら工房',
                cr_applicant_name: '佐藤 健一',
                bb_id: 2,
                bb_name: '駅前支店',
                cr_created_at: '2026-03-31T15:00:00.000Z',
              }),
            ],
            1,
            25,
            3,
          ),
      },
    });
    const table = await screen.findByRole('table', { name: '企業登録申請一覧' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['申込番号', '申込日時', '申込種別', '企業名', '申込者', 'お取引店', '状態']);
    const link = within(table).getByRole('link', { name: numberOf(3) });
    expect(link.getAttribute('href')).toBe(`/admin/companyregister/detail/${numberOf(3)}`);
    const rejected = link.closest('tr')!;
    expect(
      within(rejected)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '2026/04/01 00:00',
      '地域企業ネットワーク参加申込',
      '有限会社さくら工房',
      '佐藤 健一',
      '駅前支店',
      '却下',
    ]);
    const approved = within(table)
      .getByRole('link', { name: numberOf(2) })
      .closest('tr')!;
    expect(within(approved).getByText('承認済み')).toBeInTheDocument();
    expect(within(approved).getByText('—')).toBeInTheDocument();
    const pending = within(table)
      .getByRole('link', { name: numberOf(1) })
      .closest('tr')!;
    expect(within(pending).getByText('2026/04/01 10:30')).toBeInTheDocument();
    expect(within(pending).getByText('承認待ち')).toBeInTheDocument();
    expect(screen.getByText('全3件中 1〜3件')).toBeInTheDocument();
    expect(searchBodies(fetch)).toEqual([{ rows: 25, page: 1, conditions: {} }]);
  });

  it('sends each search condition, keeps them in the URL, and back returns to the previous search', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderDesk('/admin/companyregister', { bank });
    await screen.findByRole('table');
    const search = screen.getByRole('search', { name: '検索条件' });
    await user.selectOptions(within(search).getByRole('combobox', { name: '状態' }), '却下');
    await user.selectOptions(
      within(search).getByRole('combobox', { name: '申込種別' }),
      'ビジネスアシスト利用申込',
    );
    await user.selectOptions(within(search).getByRole('combobox', { name: 'お取引店' }), '駅前支店');
    await user.type(within(search).getByLabelText('申込日（から）'), '2026-04-01');
    await user.type(within(search).getByLabelText('申込日（まで）'), '2026-04-30');
    await user.type(within(search).getByRole('searchbox', { name: 'キーワード' }), ' みなと ');
    await user.click(within(search).getByRole('button', { name: '検索' }));

    await screen.findByRole('table');
    expect(searchBodies(fetch).at(-1)).toEqual({
      rows: 25,
      page: 1,
      conditions: {
        status: 'rejected',
        variant: 'ba',
        bb_id: 2,
        applied_from: '2026-04-01',
        applied_to: '2026-04-30',
        keyword: 'みなと',
      },
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'rejected',
      variant: 'ba',
      bb_id: '2',
      applied_from: '2026-04-01',
      applied_to: '2026-04-30',
      keyword: 'みなと',
    });

    // Back: the plain list again, and its form with it.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect((within(search).getByRole('combobox', { name: '状態' }) as HTMLSelectElement).value).toBe('');
    expect((within(search).getByRole('searchbox', { name: 'キーワード' }) as HTMLInputElement).value).toBe(
      '',
    );
    expect(searchBodies(fetch).at(-1)).toEqual({ rows: 25, page: 1, conditions: {} });
  });

  it('opens a search from its URL (a reload or a shared link) with the form showing it', async () => {
    const { fetch } = renderDesk(
      '/admin/companyregister?status=pending&variant=ba&bb_id=3&applied_from=2026-04-01&keyword=みなと&page=2&rows=50',
      { bank },
    );
    await screen.findByRole('table');
    expect(searchBodies(fetch)).toEqual([
      {
        rows: 50,
        page: 2,
        conditions: {
          status: 'pending',
          variant: 'ba',
          bb_id: 3,
          applied_from: '2026-04-01',
          keyword: 'みなと',
        },
      },
    ]);
    const valueOf = (name: string) => (screen.getByRole('combobox', { name }) as HTMLSelectElement).value;
    expect(valueOf('状態')).toBe('pending');
    expect(valueOf('申込種別')).toBe('ba');
    expect(valueOf('お取引店')).toBe('3');
    expect(valueOf('表示行数')).toBe('50');
    expect((screen.getByLabelText('申込日（から）') as HTMLInputElement).value).toBe('2026-04-01');
    expect((screen.getByRole('searchbox', { name: 'キーワード' }) as HTMLInputElement).value).toBe('みなと');
  });

  it('leaves out a hand-edited condition the server would refuse', async () => {
    const { fetch } = renderDesk(
      '/admin/companyregister?status=deleted&variant=bank&bb_id=honten&applied_to=yesterday&rows=7&keyword=株主',
      { bank },
    );
    await screen.findByRole('table');
    expect(searchBodies(fetch)).toEqual([{ rows: 25, page: 1, conditions: { keyword: '株主' } }]);
  });

  it('clears every condition with クリア', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderDesk('/admin/companyregister?status=approved&keyword=みなと&page=2', {
      bank,
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'クリア' }));
    await screen.findByRole('link', { name: numberOf(1) });
    expect(router.state.location.search).toBe('');
    expect(searchBodies(fetch).at(-1)).toEqual({ rows: 25, page: 1, conditions: {} });
    expect((screen.getByRole('combobox', { name: '状態' }) as HTMLSelectElement).value).toBe('');
  });

  it('pages with 次ページ and 表示行数, each in the URL', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderDesk('/admin/companyregister', { bank });
    await screen.findByRole('link', { name: numberOf(1) });
    await user.click(screen.getByRole('button', { name: '次ページ' }));
    expect(await screen.findByRole('link', { name: numberOf(26) })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: '表示行数' }), '100');
    expect(await screen.findByRole('link', { name: numberOf(60) })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?rows=100');
    expect((screen.getByRole('button', { name: '次ページ' }) as HTMLButtonElement).disabled).toBe(true);
    expect(searchBodies(fetch).at(-1)).toEqual({ rows: 100, page: 1, conditions: {} });
  });

  it('offers the variants the bank offers to search by', async () => {
    renderDesk('/admin/companyregister', { bank });
    const variants = await screen.findByRole('combobox', { name: '申込種別' });
    expect(optionsOf(variants)).toEqual(
      bank.code === '0182'
        ? [
            'すべて',
            'ビジネスアシスト利用申込',
            '法人インターネットバンキングご利用者さまの利用申込',
            '請求書発行・決済サービス利用申込',
            '地域企業ネットワーク参加申込',
          ]
        : ['すべて', 'ビジネスアシスト利用申込', 'ビジネスアシストポータル利用申込', 'ポータル会員登録'],
    );
    expect(optionsOf(screen.getByRole('combobox', { name: '状態' }))).toEqual([
      'すべて',
      '承認待ち',
      '承認済み',
      '却下',
    ]);
  });

  it('says データ取得に失敗しました when the list does not load', async () => {
    renderDesk('/admin/companyregister', {
      bank,
      api: { [SEARCH]: () => ({ status: 500, body: { status: 'error' } }) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('データ取得に失敗しました');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says 該当するデータがありません when nothing matches', async () => {
    renderDesk('/admin/companyregister?keyword=該当なし', { bank, api: { [SEARCH]: () => listAnswer([]) } });
    expect(await screen.findByRole('cell', { name: '該当するデータがありません' })).toBeInTheDocument();
    expect(screen.getByText('0件')).toBeInTheDocument();
  });
});

describe('/admin/companyregister: who may open an application', () => {
  it.each(['system_admin', 'bank_admin'] as const)('links each number for a %s', async (userType) => {
    renderDesk('/admin/companyregister', { userType });
    expect((await screen.findByRole('link', { name: numberOf(1) })).getAttribute('href')).toBe(
      `/admin/companyregister/detail/${numberOf(1)}`,
    );
  });

  it.each(['branch_admin', 'branch_user'] as const)(
    'shows a %s the numbers without links, and only their own branches to search by',
    async (userType) => {
      renderDesk('/admin/companyregister', { userType });
      expect(await screen.findByRole('rowheader', { name: numberOf(1) })).toBeInTheDocument();
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(optionsOf(screen.getByRole('combobox', { name: 'お取引店' }))).toEqual(['すべて', '本店営業部']);
    },
  );

  it('offers a bank admin every branch to search by', async () => {
    renderDesk('/admin/companyregister');
    expect(optionsOf(await screen.findByRole('combobox', { name: 'お取引店' }))).toEqual([
      'すべて',
      '本店営業部',
      '駅前支店',
      '港町支店',
    ]);
  });
});
