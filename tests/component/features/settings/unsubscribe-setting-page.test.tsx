import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { evaluateRouteAccess } from '#server/contracts/route-access.ts';
import {
  type CompanyUnsubscribeReservation,
  UNSUBSCRIBE_SETTING_MESSAGES,
  type UnsubscribeSetting,
} from '#server/contracts/unsubscribe-setting.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { unsubscribeSettingRoutes } from '#client/features/settings/unsubscribe/unsubscribe-setting-pages.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { config0182 } from '#tests/component/fixtures/app-configs.ts';
import { ErrorStatus, errorOf, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import {
  createProviders,
  type FakeAnswer,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PAGE = '/mypage/setting/unsubscribe';
const COMPLETED = '/mypage/setting/unsubscribe/compleated';
const SETTING = 'GET /api/v1/setting/unsubscribe';
const REQUEST = 'POST /api/v1/setting/unsubscribe';
const CANCEL = 'POST /api/v1/setting/unsubscribe/cancel';

/** As the server seeds the master (server/db/master-data/code-lists.ts), the rows the tests name. */
const REASONS = [
  { code: 'cost', name: '費用に見合う効果がなかった' },
  { code: 'business_closed', name: '廃業・休業のため' },
  { code: 'other', name: 'その他' },
];

/** 2026-04-15 12:00 in Japan: the form offers 2026年4月 to 2027年4月. */
const NOW = new Date('2026-04-15T03:00:00Z');

const COMPANY = '株式会社さくら精工';

function reservation(change: Partial<CompanyUnsubscribeReservation> = {}): CompanyUnsubscribeReservation {
  return {
    leaves_on: '2026-05-31',
    reason_code: 'cost',
    reason_name: '費用に見合う効果がなかった',
    note: '事業を縮小するため',
    requested_at: '2026-04-15T03:00:00.000Z',
    requested_by_name: '佐藤 健一',
    requested_by_company: true,
    cancellable: true,
    ...change,
  };
}

const settingAnswer = (current: CompanyUnsubscribeReservation | null): FakeAnswer =>
  successAnswer({ company_name: COMPANY, reservation: current } satisfies UnsubscribeSetting);

/** The pages as the app shows them: the real routes, lazily loaded, toasts and overlay on screen. */
function renderPage(api: FakeApi, { entry = PAGE }: { entry?: string } = {}) {
  const { Providers, fetch, queryClient } = createProviders({
    config: config0182(),
    user: fixtureUser('company_owner'),
    api,
  });
  queryClient.setQueryData(
    masterListQueryOptions(fakeApiClient().api, 'unsubscribe_reasons').queryKey,
    REASONS,
  );
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...unsubscribeSettingRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [entry] },
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

const monthSelect = () => screen.getByLabelText(/退会月/);
const reasonSelect = () => screen.getByLabelText(/退会理由/);
const applyButton = () => screen.getByRole('button', { name: '退会を申し込む' });

beforeAll(async () => {
  await Promise.all([
    import('#client/features/settings/unsubscribe/unsubscribe-setting-page.tsx'),
    import('#client/features/settings/unsubscribe/unsubscribe-completed-page.tsx'),
  ]);
}, 30_000);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/mypage/setting/unsubscribe with no reservation', { timeout: 15_000 }, () => {
  it('offers this month and the next 12 to leave at the end of, and the master’s reasons', async () => {
    renderPage({ [SETTING]: () => settingAnswer(null) });
    await screen.findByRole('form', { name: '退会のお申し込み' });
    expect(
      screen.getByText(/株式会社さくら精工の法人ビジネスポータルの退会をお申し込みいただけます/),
    ).toBeVisible();
    const months = within(monthSelect()).getAllByRole('option');
    expect(months).toHaveLength(14);
    expect(months.slice(0, 3).map((option) => option.textContent)).toEqual([
      '選択してください',
      '2026年4月末（2026年4月30日）',
      '2026年5月末（2026年5月31日）',
    ]);
    expect(months.at(-1)).toHaveTextContent('2027年4月末（2027年4月30日）');
    expect(monthSelect()).toHaveAccessibleDescription('選んだ月の末日をもって退会します。');
    const reasons = within(reasonSelect()).getAllByRole('option');
    expect(reasons.map((option) => option.textContent)).toEqual([
      '選択してください',
      ...REASONS.map((reason) => reason.name),
    ]);
  });

  it('asks for the month and the reason, and a note of at most 500 characters, before asking again', async () => {
    const { user, fetch } = renderPage({ [SETTING]: () => settingAnswer(null) });
    await screen.findByRole('form', { name: '退会のお申し込み' });
    await user.click(applyButton());
    expect(errorOf(monthSelect())).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(reasonSelect())).toBe(VALIDATION_MESSAGES.required);
    await user.selectOptions(monthSelect(), '2026-05');
    await user.selectOptions(reasonSelect(), 'cost');
    const note = screen.getByLabelText(/備考/);
    await user.click(note);
    await user.paste('あ'.repeat(501));
    await user.click(applyButton());
    expect(errorOf(note)).toBe(maxLengthMessage(500));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentTo(fetch, REQUEST)).toEqual([]);
  });

  it('asks again, sends the request, says 退会予約を行いました and thanks with the leaving day', async () => {
    const reserved = reservation({ note: null });
    const { user, fetch, router } = renderPage({
      [SETTING]: () => settingAnswer(null),
      [REQUEST]: () => successAnswer(reserved, UNSUBSCRIBE_SETTING_MESSAGES.reserved),
    });
    await screen.findByRole('form', { name: '退会のお申し込み' });
    await user.selectOptions(monthSelect(), '2026-05');
    await user.selectOptions(reasonSelect(), 'cost');
    await user.click(applyButton());
    const dialog = await screen.findByRole('dialog', { name: '退会のお申し込み' });
    expect(dialog).toHaveTextContent('2026年5月31日をもって退会します。よろしいですか？');
    await user.click(within(dialog).getByRole('button', { name: '退会を申し込む' }));

    expect(await screen.findByText('退会予約を行いました')).toBeVisible();
    expect(sentTo(fetch, REQUEST)).toEqual([{ leave_month: '2026-05', reason: 'cost', note: '' }]);
    expect(await screen.findByText('退会のお申し込みを受け付けました。')).toBeVisible();
    expect(router.state.location.pathname).toBe(COMPLETED);
    expect(screen.getByText(/これまで法人ビジネスポータルをご利用いただき/)).toBeVisible();
    expect(screen.getByText(/2026年5月31日をもってご利用を終了します/)).toBeVisible();
    expect(
      screen.getByText(/2026年5月31日までは、退会設定のページからお申し込みを取り消すことができます/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '退会設定へ' })).toHaveAttribute('href', PAGE);
  });

  it('closes the dialog with キャンセル and sends nothing', async () => {
    const { user, fetch } = renderPage({ [SETTING]: () => settingAnswer(null) });
    await screen.findByRole('form', { name: '退会のお申し込み' });
    await user.selectOptions(monthSelect(), '2026-04');
    await user.selectOptions(reasonSelect(), 'other');
    await user.click(applyButton());
    const dialog = await screen.findByRole('dialog', { name: '退会のお申し込み' });
    expect(dialog).toHaveTextContent('2026年4月30日をもって退会します。');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentTo(fetch, REQUEST)).toEqual([]);
  });

  it('says 退会予約に失敗しました when refused, and shows the reservation made meanwhile', async () => {
    let current: CompanyUnsubscribeReservation | null = null;
    const { user } = renderPage({
      [SETTING]: () => settingAnswer(current),
      [REQUEST]: () => {
        current = reservation({ requested_by_company: false, cancellable: false });
        return {
          status: 422,
          body: { status: 'error', message: UNSUBSCRIBE_SETTING_MESSAGES.alreadyReserved },
        };
      },
    });
    await screen.findByRole('form', { name: '退会のお申し込み' });
    await user.selectOptions(monthSelect(), '2026-05');
    await user.selectOptions(reasonSelect(), 'cost');
    await user.click(applyButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '退会を申し込む' }),
    );
    expect(await screen.findByText('退会予約に失敗しました')).toBeVisible();
    expect(await screen.findByRole('region', { name: '退会予約' })).toBeVisible();
    expect(screen.getByText(UNSUBSCRIBE_SETTING_MESSAGES.reservedByBank)).toBeVisible();
  });

  it('shows the server’s field message under its field', async () => {
    const { user } = renderPage({
      [SETTING]: () => settingAnswer(null),
      [REQUEST]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: UNSUBSCRIBE_SETTING_MESSAGES.reserveFailed,
          errors: { reason: ['選択肢から選んでください'] },
        },
      }),
    });
    await screen.findByRole('form', { name: '退会のお申し込み' });
    await user.selectOptions(monthSelect(), '2026-05');
    await user.selectOptions(reasonSelect(), 'cost');
    await user.click(applyButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '退会を申し込む' }),
    );
    expect(await screen.findByText('退会予約に失敗しました')).toBeVisible();
    expect(errorOf(reasonSelect())).toBe('選択肢から選んでください');
  });
});

describe('/mypage/setting/unsubscribe with a reservation', { timeout: 15_000 }, () => {
  it('shows the company’s own request in place of the form, and withdraws it after asking again', async () => {
    let current: CompanyUnsubscribeReservation | null = reservation();
    const { user, fetch } = renderPage({
      [SETTING]: () => settingAnswer(current),
      [CANCEL]: () => {
        current = null;
        return successAnswer({}, UNSUBSCRIBE_SETTING_MESSAGES.cancelled);
      },
    });
    const section = await screen.findByRole('region', { name: '退会予約' });
    expect(screen.queryByRole('form', { name: '退会のお申し込み' })).not.toBeInTheDocument();
    expect(section).toHaveTextContent('2026年5月31日をもって退会する予約を受け付けています。');
    expect(within(section).getByText('費用に見合う効果がなかった')).toBeVisible();
    expect(within(section).getByText('事業を縮小するため')).toBeVisible();
    expect(within(section).getByText('佐藤 健一')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: '退会予約を取り消す' }));
    const dialog = await screen.findByRole('dialog', { name: '退会予約の取り消し' });
    expect(dialog).toHaveTextContent('2026年5月31日の退会予約を取り消します。よろしいですか？');
    await user.click(within(dialog).getByRole('button', { name: '退会予約を取り消す' }));
    expect(await screen.findByText('退会予約を取り消しました')).toBeVisible();
    expect(sentTo(fetch, CANCEL)).toEqual([{}]);
    expect(await screen.findByRole('form', { name: '退会のお申し込み' })).toBeVisible();
  });

  it('leaves a reservation the bank made to the bank: no cancel, and whom to ask', async () => {
    renderPage({
      [SETTING]: () =>
        settingAnswer(
          reservation({ requested_by_company: false, cancellable: false, requested_by_name: '山田 太郎' }),
        ),
    });
    const section = await screen.findByRole('region', { name: '退会予約' });
    expect(within(section).getByText('金融機関')).toBeVisible();
    expect(within(section).queryByText('山田 太郎')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: '退会予約を取り消す' })).not.toBeInTheDocument();
    expect(within(section).getByText(UNSUBSCRIBE_SETTING_MESSAGES.reservedByBank)).toBeVisible();
  });

  it('says it is too late once the day has passed', async () => {
    renderPage({
      [SETTING]: () => settingAnswer(reservation({ leaves_on: '2026-03-31', cancellable: false })),
    });
    const section = await screen.findByRole('region', { name: '退会予約' });
    expect(within(section).getByText(UNSUBSCRIBE_SETTING_MESSAGES.tooLate)).toBeVisible();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a refusal of the cancel in place and says 退会予約の取り消しに失敗しました', async () => {
    const { user } = renderPage({
      [SETTING]: () => settingAnswer(reservation()),
      [CANCEL]: () => ({
        status: 422,
        body: { status: 'error', message: UNSUBSCRIBE_SETTING_MESSAGES.tooLate },
      }),
    });
    const section = await screen.findByRole('region', { name: '退会予約' });
    await user.click(within(section).getByRole('button', { name: '退会予約を取り消す' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '退会予約を取り消す' }),
    );
    expect(await screen.findByText('退会予約の取り消しに失敗しました')).toBeVisible();
    expect(await within(section).findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_SETTING_MESSAGES.tooLate);
  });

  it('says データ取得に失敗しました when the reservation cannot be read', async () => {
    renderPage({ [SETTING]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }) });
    expect(await screen.findByText('データ取得に失敗しました')).toBeVisible();
  });
});

describe('/mypage/setting/unsubscribe/compleated', { timeout: 15_000 }, () => {
  it('thanks with the leaving day when opened later', async () => {
    renderPage({ [SETTING]: () => settingAnswer(reservation()) }, { entry: COMPLETED });
    expect(await screen.findByText('退会のお申し込みを受け付けました。')).toBeVisible();
    expect(screen.getByText(/2026年5月31日をもってご利用を終了します/)).toBeVisible();
    expect(
      screen.getByText('お申し込みいただいた方のメールアドレスに、確認のメールをお送りしました。'),
    ).toBeVisible();
  });

  it('leads to the form when there is no reservation', async () => {
    renderPage({ [SETTING]: () => settingAnswer(null) }, { entry: COMPLETED });
    expect(await screen.findByText('退会予約はありません。')).toBeVisible();
    expect(screen.getByRole('link', { name: '退会のお申し込みへ' })).toHaveAttribute('href', PAGE);
  });
});

describe('the page rule', () => {
  const subject = (userType: UserTypeCode, enabled = true) => {
    const user = fixtureUser(userType);
    return {
      user,
      features: { ...config0182().features, enable_unsubscribe_route: enabled },
    };
  };

  it('lets owners in, and refuses a company user or an employee with 権限がありません。', () => {
    for (const path of [PAGE, COMPLETED]) {
      expect(evaluateRouteAccess(path, subject('company_owner'))).toEqual({ kind: 'allow' });
      expect(evaluateRouteAccess(path, subject('partner_company_owner'))).toEqual({ kind: 'allow' });
      for (const type of ['company_user', 'company_employee'] as const)
        expect(evaluateRouteAccess(path, subject(type))).toMatchObject({
          kind: 'error',
          status: 403,
          message: '権限がありません。',
        });
      expect(evaluateRouteAccess(path, subject('company_owner', false))).toMatchObject({
        kind: 'error',
        status: 403,
        message: '権限がありません。',
      });
    }
  });
});
