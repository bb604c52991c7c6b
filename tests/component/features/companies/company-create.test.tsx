import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { COMPANY_CREATE_MESSAGES } from '#server/contracts/company-create.ts';
import { CORPORATE_NUMBER_MESSAGE } from '#server/contracts/corporate-number.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { CompanyCreatePage } from '#client/features/companies/admin/company-create-page.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { ErrorStatus, errorOf, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import {
  createProviders,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const CREATE = 'POST /api/v1/company/create';

const COMPANY_TYPES = [
  { code: 'normal', name: '一般企業' },
  { code: 'partner', name: 'パートナー企業' },
  { code: 'baportal', name: 'BAポータル企業' },
];
const BRANCHES = [
  { bb_id: 1, bb_code: '001', bb_unique_code: 'bb-001', bb_name: '本店営業部' },
  { bb_id: 2, bb_code: '010', bb_unique_code: 'bb-010', bb_name: '駅前支店' },
];

function DetailStandIn() {
  return <p>企業の詳細 {useParams().id}</p>;
}

/** /admin/company/create for a user of `userType`, a stand-in for the company's page it leads to. */
function renderCreatePage(options: { api?: FakeApi; userType?: UserTypeCode } = {}) {
  const { Providers, fetch, queryClient } = createProviders({
    user: fixtureUser(options.userType ?? 'bank_admin'),
    api: options.api,
  });
  const { api } = fakeApiClient();
  queryClient.setQueryData(masterListQueryOptions(api, 'company_types').queryKey, COMPANY_TYPES);
  queryClient.setQueryData(masterListQueryOptions(api, 'bank_branches').queryKey, BRANCHES);
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        children: [
          { path: '/admin/company/create', element: <CompanyCreatePage /> },
          { path: '/admin/company/detail/:id', element: <DetailStandIn /> },
        ],
      },
    ],
    { initialEntries: ['/admin/company/create'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { router, fetch, user: userEvent.setup() };
}

/** A control named by its label (with 必須 after it when required). */
const named = (label: string) => (name: string) => [label, `${label}必須`].includes(name.replace(/\s/g, ''));
const field = (label: string, container: HTMLElement = document.body) =>
  within(container).getByRole('textbox', { name: named(label) });
const select = (label: string) => screen.getByRole('combobox', { name: named(label) });
const ownerRegion = () => screen.getByRole('region', { name: 'オーナーの情報' });

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('企業名'), '青空商事株式会社');
  await user.type(field('企業名（カナ）'), 'アオゾラショウジ');
  await user.selectOptions(select('企業種別'), 'normal');
  await user.type(field('法人番号'), '7000012050002');
  await user.selectOptions(select('お取引店'), '2');
  await user.type(field('姓', ownerRegion()), '青空');
  await user.type(field('名', ownerRegion()), '一');
  await user.type(field('姓（カナ）', ownerRegion()), 'アオゾラ');
  await user.type(field('名（カナ）', ownerRegion()), 'ハジメ');
  await user.type(field('メールアドレス'), 'h.aozora@aozora-shoji.example.jp');
}

describe('/admin/company/create', { timeout: 15_000 }, () => {
  it('asks for the company and its owner, with the branch and type from the masters', () => {
    renderCreatePage();
    const company = within(screen.getByRole('region', { name: '企業の情報' }));
    expect(company.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual([
      'company_name',
      'company_name_kana',
      'company_corporate_number',
    ]);
    expect(
      within(select('企業種別'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['選択してください', '一般企業', 'パートナー企業', 'BAポータル企業']);
    expect(
      within(select('お取引店'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['選択してください', '本店営業部（001）', '駅前支店（010）']);
    const owner = within(screen.getByRole('region', { name: 'オーナーの情報' }));
    expect(owner.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual([
      'user_last_name',
      'user_first_name',
      'user_last_name_kana',
      'user_first_name_kana',
      'user_email',
      'user_tel',
    ]);
  });

  it('shows each field’s message before sending anything', async () => {
    const { user, fetch } = renderCreatePage();
    await user.type(field('企業名（カナ）'), 'あおぞら');
    await user.type(field('法人番号'), '1234567890123');
    await user.type(field('メールアドレス'), 'h.aozora@localhost');
    await user.type(field('電話番号'), '0355550101');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(errorOf(field('企業名'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(field('企業名（カナ）'))).toBe(VALIDATION_MESSAGES.katakana);
    expect(errorOf(select('企業種別'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(field('法人番号'))).toBe(CORPORATE_NUMBER_MESSAGE);
    expect(errorOf(select('お取引店'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(field('メールアドレス'))).toBe(VALIDATION_MESSAGES.email);
    expect(errorOf(field('電話番号'))).toBe(VALIDATION_MESSAGES.phone);
    expect(field('企業名')).toHaveFocus();
    expect(sentTo(fetch, CREATE)).toEqual([]);
  });

  it('saves: 保存しました, then the new company’s page', async () => {
    const { user, fetch, router } = renderCreatePage({
      api: {
        [CREATE]: () =>
          successAnswer(
            { company_unique_code: 'a0b1c2d3e4f5', user_login_id: 'shiosai123456' },
            COMPANY_CREATE_MESSAGES.saved,
          ),
      },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('企業の詳細 a0b1c2d3e4f5')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/company/detail/a0b1c2d3e4f5');
    expect(screen.getByText(COMPANY_CREATE_MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, CREATE)).toEqual([
      {
        company_name: '青空商事株式会社',
        company_name_kana: 'アオゾラショウジ',
        company_type: 'normal',
        company_corporate_number: '7000012050002',
        bb_id: 2,
        user_last_name: '青空',
        user_first_name: '一',
        user_last_name_kana: 'アオゾラ',
        user_first_name_kana: 'ハジメ',
        user_email: 'h.aozora@aozora-shoji.example.jp',
        user_tel: '',
      },
    ]);
  });

  it('puts the server’s refusal under its field and stays on the form', async () => {
    const { user, router } = renderCreatePage({
      api: {
        [CREATE]: () => ({
          status: 422,
          body: {
            status: 'error',
            message: 'データの登録に失敗しました',
            errors: { company_corporate_number: [COMPANY_CREATE_MESSAGES.duplicateCorporateNumber] },
          },
        }),
      },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('データの登録に失敗しました')).toBeInTheDocument();
    expect(errorOf(field('法人番号'))).toBe(COMPANY_CREATE_MESSAGES.duplicateCorporateNumber);
    expect(router.state.location.pathname).toBe('/admin/company/create');
    // Changing the number takes the message away.
    await user.clear(field('法人番号'));
    expect(errorOf(field('法人番号'))).toBeUndefined();
  });

  it.each(['branch_admin', 'branch_user'] as const)('is the 403 page for %s', async (userType) => {
    renderCreatePage({ userType });
    expect(await screen.findByRole('alert')).toHaveTextContent('エラー 403');
    expect(screen.queryByRole('button', { name: '保存する' })).not.toBeInTheDocument();
  });
});
