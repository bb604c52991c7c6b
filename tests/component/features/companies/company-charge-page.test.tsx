import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChargeItem } from '#server/contracts/company-charges.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { CompanyChargePage } from '#client/features/companies/admin/company-charge-page.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  type FakeAnswer,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import {
  errorOf,
  renderRegistrationPages,
  requestsTo,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const CODE = '5f2c0a9e1b7d4c3a8e6f0b12';
const OTHER_CODE = '7a1b2c3d4e5f60718293a4b5';
const PAGE = `/admin/company/charge?company=${CODE}`;
const LIST = 'GET /api/v1/company/charge/list';
const LOOKUP = 'GET /api/v1/company/charge/companies';
const SAVE = 'POST /api/v1/company/charge/save';
const THIS_MONTH = japanDateString().slice(0, 7);

const SAKURA = { company_unique_code: CODE, company_name: 'さくら精工株式会社', bb_name: '本店営業部' };
const MINATO = { company_unique_code: OTHER_CODE, company_name: '株式会社みなと食品', bb_name: '港町支店' };

/** The charge_statuses master as the server seeds it (server/db/master-data/code-lists.ts). */
const CHARGE_STATUSES = [
  { code: 'unbilled', name: '未請求', color: '#757575', is_closed: false },
  { code: 'billed', name: '請求済み', color: '#1565C0', is_closed: false },
  { code: 'unpaid', name: '未入金', color: '#C62828', is_closed: false },
  { code: 'paid', name: '入金済み', color: '#2E7D32', is_closed: true },
];

function charge(change: Partial<ChargeItem> = {}): ChargeItem {
  return {
    charge_id: 41,
    charge_month: '2026-04',
    charge_kind: 'subscription',
    charge_amount: 5500,
    charge_status: 'unpaid',
    charge_note: null,
    charge_updated_at: '2026-04-01T00:00:00.000Z',
    ...change,
  };
}

const STARTING_CHARGES = [
  charge(),
  charge({
    charge_id: 42,
    charge_kind: 'adjust',
    charge_amount: -1100,
    charge_status: 'billed',
    charge_note: '3月分の返金',
  }),
  charge({ charge_id: 30, charge_month: '2026-03', charge_status: 'paid' }),
];

/**
 * A fake API with one company's charges (and another company to find): the lookup filters by
 * keyword, the list answers the charges as they stand, and `save` answers the save.
 */
function chargeApi(save?: (body: unknown) => FakeAnswer | Promise<FakeAnswer>): FakeApi {
  const charges: Record<string, ChargeItem[]> = { [CODE]: [...STARTING_CHARGES], [OTHER_CODE]: [] };
  const companies = [SAKURA, MINATO];
  return {
    [LOOKUP]: (_body, url) => {
      const keyword = url.searchParams.get('keyword') ?? '';
      return successAnswer({ list: companies.filter((company) => company.company_name.includes(keyword)) });
    },
    [LIST]: (_body, url) => {
      const code = url.searchParams.get('company_unique_code') ?? '';
      const company = companies.find((item) => item.company_unique_code === code);
      if (!company)
        return { status: 404, body: { status: 'error', message: 'This page could not be found' } };
      return successAnswer({ company, from_month: '2025-05', charges: charges[code] ?? [] });
    },
    ...(save ? { [SAVE]: save } : {}),
  };
}

function renderChargePage(api: FakeApi, path = PAGE) {
  const rendered = renderRegistrationPages({
    // The page alone (the desk's other pages are not needed here), where the desk's routes put it.
    routes: [{ path: '/admin/company/charge', element: <CompanyChargePage /> }],
    path,
    config: FIXTURE_BANKS[0].config(),
    user: fixtureUser('bank_admin'),
    api,
  });
  const { api: client } = fakeApiClient();
  rendered.queryClient.setQueryData(
    masterListQueryOptions(client, 'charge_statuses').queryKey,
    CHARGE_STATUSES,
  );
  return rendered;
}

/** The body rows of the entries' table, each as its cells' text. */
async function tableRows(): Promise<string[][]> {
  const table = await screen.findByRole('table', { name: '利用料の明細' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

const entryForm = () => screen.findByRole('form', { name: '利用料の明細の入力' });

/** Fills the entry form: month (YYYY-MM), kind label, amount, status name, note. */
async function fillEntry(
  user: ReturnType<typeof renderChargePage>['user'],
  entry: { month?: string; kind?: string; amount?: string; status?: string; note?: string },
) {
  const form = await entryForm();
  // A month control takes its value whole (jsdom drops a partial month as it is typed).
  if (entry.month !== undefined)
    fireEvent.change(within(form).getByLabelText(/対象月/), { target: { value: entry.month } });
  if (entry.kind) await user.selectOptions(within(form).getByLabelText(/種別/), entry.kind);
  if (entry.amount !== undefined) {
    const amount = within(form).getByLabelText(/金額（円）/);
    await user.clear(amount);
    if (entry.amount) await user.type(amount, entry.amount);
  }
  if (entry.status) await user.selectOptions(within(form).getByLabelText(/状態/), entry.status);
  if (entry.note !== undefined)
    fireEvent.change(within(form).getByLabelText(/備考/), { target: { value: entry.note } });
}

/** 保存 on the form, then the password in the dialog and its 保存. */
async function saveWithPassword(user: ReturnType<typeof renderChargePage>['user'], password: string) {
  await user.click(within(await entryForm()).getByRole('button', { name: '保存' }));
  const dialog = await screen.findByRole('dialog', { name: 'パスワードの確認' });
  const field = within(dialog).getByLabelText(/パスワード/);
  await user.clear(field);
  if (password) await user.type(field, password);
  await user.click(within(dialog).getByRole('button', { name: '保存' }));
  return dialog;
}

describe('/admin/company/charge: a company’s monthly charges', { timeout: 15_000 }, () => {
  it('shows the company of the URL and its entries by month: kind, amount in yen (5,500円), status and note', async () => {
    renderChargePage(chargeApi());
    expect(await screen.findByRole('heading', { name: 'さくら精工株式会社の利用料' })).toBeInTheDocument();
    expect(await tableRows()).toEqual([
      ['2026年4月', '月額利用料', '5,500円', '未入金', '—', '編集'],
      ['2026年4月', '調整', '-1,100円', '請求済み', '3月分の返金', '編集'],
      ['2026年3月', '月額利用料', '5,500円', '入金済み', '—', '編集'],
    ]);
    // The status in its master colour (未入金 in red).
    const table = screen.getByRole('table', { name: '利用料の明細' });
    expect(within(table).getByText('未入金')).toHaveStyle({ color: '#C62828' });
    expect(screen.getByRole('link', { name: '企業の詳細へ' })).toHaveAttribute(
      'href',
      `/admin/company/detail/${CODE}`,
    );
    expect(screen.getByRole('combobox', { name: '企業' })).toHaveValue(CODE);
  });

  it('finds a company by keyword and shows its charges, keeping it in the URL', async () => {
    const { user, router, fetch } = renderChargePage(chargeApi(), '/admin/company/charge');
    expect(await screen.findByText('利用料を表示する企業を選んでください。')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'キーワード' }), 'みなと');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() =>
      expect(requestsTo(fetch, LOOKUP).map(({ url }) => url.searchParams.get('keyword'))).toContain('みなと'),
    );
    const choice = screen.getByRole('combobox', { name: '企業' });
    await waitFor(() =>
      expect(
        within(choice)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['選択してください', `株式会社みなと食品（${OTHER_CODE}）`]),
    );
    await user.selectOptions(choice, OTHER_CODE);
    expect(await screen.findByRole('heading', { name: '株式会社みなと食品の利用料' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?company=${OTHER_CODE}`);
    expect(await screen.findByText('該当するデータがありません')).toBeInTheDocument();
  });

  it('says so in place when the charges do not load', async () => {
    renderChargePage(chargeApi(), '/admin/company/charge?company=nosuchcompany');
    expect((await screen.findByRole('alert')).textContent).toBe('利用料の取得に失敗しました。');
  });
});

describe('/admin/company/charge: the entry form and its password', { timeout: 15_000 }, () => {
  it('checks the fields before asking for the password: each field’s message, no request', async () => {
    const { user, fetch } = renderChargePage(chargeApi(() => successAnswer({})));
    await fillEntry(user, { month: '', amount: '', status: '選択してください' });
    await user.click(within(await entryForm()).getByRole('button', { name: '保存' }));
    expect(errorOf(screen.getByLabelText(/対象月/))).toBe('必須入力項目です');
    expect(errorOf(screen.getByLabelText(/金額（円）/))).toBe('必須入力項目です');
    expect(errorOf(screen.getByLabelText(/状態/))).toBe('必須入力項目です');

    await fillEntry(user, { month: THIS_MONTH, amount: '5,500', status: '請求済み' });
    expect(errorOf(screen.getByLabelText(/金額（円）/))).toBe('整数を半角で入力してください');
    await fillEntry(user, { amount: '-500' });
    expect(errorOf(screen.getByLabelText(/金額（円）/))).toBe(
      'マイナスの金額は、種別が「調整」のときだけ入力できます',
    );
    await fillEntry(user, { amount: '10000001' });
    expect(errorOf(screen.getByLabelText(/金額（円）/))).toBe(
      '-10,000,000〜10,000,000の範囲で入力してください',
    );
    await fillEntry(user, { note: 'あ'.repeat(201) });
    expect(errorOf(screen.getByLabelText(/備考/))).toBe('200文字以内で入力してください');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fetch, SAVE)).toEqual([]);
  });

  it('asks for the password, sends the form plus password, and says 保存しました', async () => {
    const { user, fetch } = renderChargePage(
      chargeApi(() =>
        successAnswer(
          { charge: charge({ charge_id: 50, charge_kind: 'adjust', charge_amount: -500 }) },
          '保存しました',
        ),
      ),
    );
    await fillEntry(user, {
      month: '2026-05',
      kind: '調整',
      amount: '-500',
      status: '未請求',
      note: '値引き',
    });
    await user.click(within(await entryForm()).getByRole('button', { name: '保存' }));
    const dialog = await screen.findByRole('dialog', { name: 'パスワードの確認' });
    expect(
      within(dialog).getByText('「さくら精工株式会社」の2026年5月の調整（-500円）を保存します。'),
    ).toBeInTheDocument();
    // The password is required.
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(errorOf(within(dialog).getByLabelText(/パスワード/))).toBe('必須入力項目です');
    expect(requestsTo(fetch, SAVE)).toEqual([]);

    const listsBefore = requestsTo(fetch, LIST).length;
    await user.type(within(dialog).getByLabelText(/パスワード/), 'demo-password');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存しました')).toBeInTheDocument();
    expect(sentTo(fetch, SAVE)).toEqual([
      {
        company_unique_code: CODE,
        charge_id: null,
        charge_month: '2026-05',
        charge_kind: 'adjust',
        charge_amount: -500,
        charge_status: 'unbilled',
        charge_note: '値引き',
        password: 'demo-password',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The entries load again, and the form starts a new entry.
    await waitFor(() => expect(requestsTo(fetch, LIST).length).toBeGreaterThan(listsBefore));
    expect(screen.getByLabelText(/金額（円）/)).toHaveValue('');
  });

  it('sends the edited entry’s charge_id', async () => {
    const { user, fetch } = renderChargePage(
      chargeApi(() => successAnswer({ charge: charge() }, '保存しました')),
    );
    await user.click(await screen.findByRole('button', { name: '2026年3月の月額利用料を編集' }));
    expect(
      await screen.findByRole('heading', { name: '明細の編集（2026年3月の月額利用料）' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/金額（円）/)).toHaveValue('5500');
    expect(screen.getByLabelText(/対象月/)).toHaveFocus();
    await fillEntry(user, { status: '未入金' });
    await saveWithPassword(user, 'demo-password');
    expect(await screen.findByText('保存しました')).toBeInTheDocument();
    expect(sentTo(fetch, SAVE)).toEqual([
      expect.objectContaining({ charge_id: 30, charge_month: '2026-03', charge_status: 'unpaid' }),
    ]);
    expect(await screen.findByRole('heading', { name: '明細の追加' })).toBeInTheDocument();
  });

  it('keeps the dialog open on a wrong password: 認証に失敗しました。再度お試しください', async () => {
    const refusal = '認証に失敗しました。再度お試しください';
    const { user, fetch } = renderChargePage(
      chargeApi(() => ({
        status: 422,
        body: { status: 'error', message: refusal, errors: { password: [refusal] } },
      })),
    );
    await fillEntry(user, { amount: '5500', status: '請求済み' });
    const dialog = await saveWithPassword(user, 'wrong-password');
    // The toast, and the message under the emptied field.
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
    const field = within(dialog).getByLabelText(/パスワード/);
    await waitFor(() => expect(errorOf(field)).toBe(refusal));
    expect(field).toHaveValue('');
    expect(screen.getByRole('dialog', { name: 'パスワードの確認' })).toBeInTheDocument();
    expect(screen.queryByText('保存しました')).not.toBeInTheDocument();
    expect(requestsTo(fetch, SAVE)).toHaveLength(1);
  });

  const noReplies: [string, () => FakeAnswer][] = [
    [
      'the network fails',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['the server fails (500)', () => ({ status: 500, body: '' })],
    ['the session is gone (401)', () => ({ status: 401, body: '' })],
  ];
  for (const [what, answer] of noReplies)
    it(`says 認証に失敗しました。再度お試しください when no reply comes: ${what}`, async () => {
      const { user } = renderChargePage(chargeApi(answer));
      await fillEntry(user, { amount: '5500', status: '請求済み' });
      const dialog = await saveWithPassword(user, 'demo-password');
      const field = within(dialog).getByLabelText(/パスワード/);
      await waitFor(() => expect(errorOf(field)).toBe('認証に失敗しました。再度お試しください'));
      // The toast says it too; the dialog stays open to try again.
      expect(screen.getAllByText('認証に失敗しました。再度お試しください')).toHaveLength(2);
      expect(screen.getByRole('dialog', { name: 'パスワードの確認' })).toBeInTheDocument();
    });

  it('shows another refusal’s message, with its field errors under the form’s fields', async () => {
    const message = 'この月の月額利用料はすでに登録されています。';
    const { user } = renderChargePage(
      chargeApi(() => ({
        status: 422,
        body: { status: 'error', message, errors: { charge_month: [message] } },
      })),
    );
    await fillEntry(user, { month: '2026-04', amount: '6600', status: '請求済み' });
    await saveWithPassword(user, 'demo-password');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(errorOf(screen.getByLabelText(/対象月/))).toBe(message);
    expect(screen.getAllByText(message)).toHaveLength(2);
  });

  it('says システムエラーが発生しました for a refusal without a message', async () => {
    const { user } = renderChargePage(chargeApi(() => ({ status: 422, body: { status: 'error' } })));
    await fillEntry(user, { amount: '5500', status: '請求済み' });
    await saveWithPassword(user, 'demo-password');
    expect(await screen.findByText('システムエラーが発生しました')).toBeInTheDocument();
  });
});
