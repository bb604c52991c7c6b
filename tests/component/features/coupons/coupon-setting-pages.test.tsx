import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { SERVICE_OFFER_MESSAGES, type ServiceOffer } from '#server/contracts/service-offer.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { couponSettingRoutes } from '#client/features/coupons/pages.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import {
  ErrorStatus,
  errorOf,
  factOf,
  requestsTo,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const LIST_PAGE = '/mypage/setting/service/offer';
const CODE = '0123456789abcdef0123456789abcdef';
const NEW_CODE = 'fedcba9876543210fedcba9876543210';
const IMAGE_CODE = 'aa'.repeat(16);
const LIST_CALL = 'GET /api/v1/setting/cso';
const CREATE_CALL = 'POST /api/v1/setting/cso/save';
const DETAIL_CALL = `GET /api/v1/setting/cso/${CODE}`;
const SAVE_CALL = `POST /api/v1/setting/cso/${CODE}/save`;
const CANCEL_CALL = `POST /api/v1/setting/cso/${CODE}/cancel`;
const DELETE_CALL = `DELETE /api/v1/setting/cso/${CODE}`;
const NEW_SAVE_CALL = `POST /api/v1/setting/cso/${NEW_CODE}/save`;
const NEW_IMAGE_CALL = `POST /api/v1/setting/cso/${NEW_CODE}/image`;

const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));

/** The master lists the pages read, as the server seeds them (server/db/master-data/code-lists.ts). */
const LISTS = {
  cso_categories: [
    { code: 'gourmet', name: 'グルメ' },
    { code: 'business', name: 'ビジネスサービス' },
    { code: 'education', name: '教育・研修' },
  ],
  cso_statuses: [
    { code: 'REVIEWING', name: '審査中' },
    { code: 'APPROVED', name: '承認済み' },
    { code: 'DISAPPROVAL', name: '否認' },
    { code: 'CANCELLED', name: '取消' },
  ],
  cso_publish_statuses: [
    { code: 'BEFORE_PUBLISHING', name: '公開前' },
    { code: 'PUBLISHING', name: '公開中' },
    { code: 'AFTER_PUBLISHING', name: '公開終了' },
  ],
} as const;

function offer(change: Partial<ServiceOffer> = {}): ServiceOffer {
  return {
    cso_unique_code: CODE,
    cso_title: '試作品加工 初回10%OFF',
    cso_body: 'アルミ・ステンレスの試作品加工を\n初回に限り10%引きで承ります。',
    cso_category: 'business',
    cso_benefit: '初回ご注文10%OFF',
    cso_target: '法人のお客さま',
    cso_publish_start: '2025-04-01',
    cso_publish_end: '2025-06-30',
    cso_status: 'DISAPPROVAL',
    cso_publish_status: null,
    cso_image: null,
    cso_review_note: '割引の上限額を本文に記載してください。',
    cso_reviewed_at: '2025-04-02T01:00:00.000Z',
    cso_created_at: '2025-03-30T01:00:00.000Z',
    cso_updated_at: '2025-04-02T01:00:00.000Z',
    ...change,
  };
}

const APPROVED = offer({
  cso_unique_code: 'bb'.repeat(16),
  cso_title: 'IT相談 初回無料',
  cso_status: 'APPROVED',
  cso_publish_status: 'PUBLISHING',
  cso_publish_end: null,
  cso_review_note: null,
});

const paged = (list: ServiceOffer[], total = list.length) =>
  successAnswer({
    list,
    paging_data: {
      total_rows: total,
      total_pages: Math.ceil(total / 25),
      page: 1,
      rows: 25,
      is_first_page: true,
      prev_page: null,
      is_last_page: true,
      next_page: null,
    },
  });

/** The saves answer what they were sent, as the server stores it: back in review. */
const savedAnswer = (code: string) => (body: unknown) =>
  successAnswer(
    offer({
      ...(body as Partial<ServiceOffer>),
      cso_unique_code: code,
      cso_status: 'REVIEWING',
      cso_review_note: null,
      cso_reviewed_at: null,
    }),
    MESSAGES.saved,
  );

function renderPage(
  path: string,
  api: FakeApi = {},
  bank: (typeof FIXTURE_BANKS)[number] = FIXTURE_BANKS[0],
) {
  const { Providers, fetch, queryClient } = createProviders({
    config: bank.config(),
    user: fixtureUser('company_owner'),
    api: {
      [LIST_CALL]: () => paged([offer(), APPROVED]),
      [DETAIL_CALL]: () => successAnswer(offer()),
      [CREATE_CALL]: savedAnswer(NEW_CODE),
      [SAVE_CALL]: savedAnswer(CODE),
      [NEW_SAVE_CALL]: savedAnswer(NEW_CODE),
      ...api,
    },
  });
  const { api: client } = fakeApiClient();
  for (const [name, list] of Object.entries(LISTS))
    queryClient.setQueryData(
      masterListQueryOptions(client, name as keyof typeof LISTS).queryKey,
      list as never,
    );
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...couponSettingRoutes, { path: '*', element: <p>ほかのページ</p> }],
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

const textbox = (name: string) => screen.getByRole('textbox', { name });
const category = () => screen.getByRole('combobox', { name: 'カテゴリ 必須' });
const startDay = () => screen.getByLabelText(/^公開開始日/) as HTMLInputElement;
const endDay = () => screen.getByLabelText(/^公開終了日/) as HTMLInputElement;
const imageInput = () => screen.getByLabelText(/^画像/) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: '保存して審査に出す' });
const openForm = () => screen.findByRole('form', { name: 'クーポンの入力' });

async function fillNewOffer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(textbox('タイトル 必須'), '経理代行 初月無料');
  await user.selectOptions(category(), 'business');
  await user.type(textbox('特典内容 必須'), '初月の代行費用無料');
  await user.type(textbox('対象 必須'), '法人のお客さま');
  await user.type(textbox('本文 必須'), '経理代行を{Enter}初月無料で。');
  fireEvent.change(startDay(), { target: { value: dayFromToday(0) } });
  fireEvent.change(endDay(), { target: { value: dayFromToday(90) } });
}

beforeAll(async () => {
  await import('#client/features/coupons/setting/coupon-setting-list-page.tsx');
  await import('#client/features/coupons/setting/coupon-edit-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/setting/service/offer on bank $code', (bank) => {
  it('lists the company’s offers with category, statuses, period and the bank’s note', async () => {
    renderPage(LIST_PAGE, {}, bank);
    const table = await screen.findByRole('table', { name: '登録済みのクーポン' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['タイトル', 'カテゴリ', '審査状況', '公開状況', '公開期間', '更新日']);
    expect(within(first!).getByRole('link', { name: '試作品加工 初回10%OFF' })).toHaveAttribute(
      'href',
      `${LIST_PAGE}/edit/${CODE}`,
    );
    expect(first).toHaveTextContent('銀行からのコメント: 割引の上限額を本文に記載してください。');
    expect(first).toHaveTextContent('ビジネスサービス');
    expect(first).toHaveTextContent('否認');
    expect(first).toHaveTextContent('2025年4月1日〜2025年6月30日');
    expect(first).toHaveTextContent('2025年4月2日');
    expect(second).toHaveTextContent('承認済み');
    expect(second).toHaveTextContent('公開中');
    expect(second).toHaveTextContent('2025年4月1日〜');
    expect(screen.getByText('登録数 2 / 50件')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新しいクーポンを登録する' })).toHaveAttribute(
      'href',
      `${LIST_PAGE}/edit/new`,
    );
  });

  it(
    'edit/new registers an offer for the bank’s review and goes back to the list with 登録が完了しました',
    { timeout: 20_000 },
    async () => {
      const { fetch, router, user } = renderPage(`${LIST_PAGE}/edit/new`, {}, bank);
      await openForm();
      expect(textbox('タイトル 必須')).toHaveAccessibleDescription('100文字以内（0文字入力済み）');
      await fillNewOffer(user);
      expect(textbox('本文 必須')).toHaveAccessibleDescription('2000文字以内（12文字入力済み）');
      await user.click(save());

      expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
      expect(sentTo(fetch, CREATE_CALL)).toEqual([
        {
          cso_title: '経理代行 初月無料',
          cso_body: '経理代行を\n初月無料で。',
          cso_category: 'business',
          cso_benefit: '初月の代行費用無料',
          cso_target: '法人のお客さま',
          cso_publish_start: dayFromToday(0),
          cso_publish_end: dayFromToday(90),
        },
      ]);
      await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
    },
  );
});

describe('the list', () => {
  it('offers no new offer at the company’s limit and says why', async () => {
    renderPage(LIST_PAGE, { [LIST_CALL]: () => paged([offer()], 50) });
    expect(await screen.findByText('登録数 50 / 50件')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '新しいクーポンを登録する' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('登録できる上限に達しています。');
  });

  it('says so when the company has none', async () => {
    renderPage(LIST_PAGE, { [LIST_CALL]: () => paged([]) });
    expect(await screen.findByText('登録済みのクーポンはありません。')).toBeInTheDocument();
  });

  it('says データ取得に失敗しました when the list fails to load', async () => {
    renderPage(LIST_PAGE, { [LIST_CALL]: () => ({ status: 500, body: { status: 'error', message: 'x' } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadFailed);
  });
});

describe('/mypage/setting/service/offer/edit/{id}', () => {
  it('opens an offer with where its review stands, saves the change back into review', async () => {
    const { fetch, router, user } = renderPage(`${LIST_PAGE}/edit/${CODE}`);
    await openForm();
    const review = screen.getByRole('region', { name: '審査の状況' });
    expect(factOf(review, '審査状況')).toBe('否認');
    expect(factOf(review, '公開状況')).toBe('—');
    expect(factOf(review, '銀行からのコメント')).toBe('割引の上限額を本文に記載してください。');
    expect(factOf(review, '審査日時')).toBe('2025年4月2日(水) 10:00');
    expect(textbox('タイトル 必須')).toHaveValue('試作品加工 初回10%OFF');
    expect(category()).toHaveValue('business');
    expect(startDay()).toHaveValue('2025-04-01');

    await user.clear(textbox('タイトル 必須'));
    await user.type(textbox('タイトル 必須'), '試作品加工 初回15%OFF');
    fireEvent.change(endDay(), { target: { value: dayFromToday(30) } });
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      expect.objectContaining({ cso_title: '試作品加工 初回15%OFF', cso_publish_end: dayFromToday(30) }),
    ]);
    expect(requestsTo(fetch, CREATE_CALL)).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
  });

  it('tells the owner of an approved offer that a save sends it back into review', async () => {
    renderPage(`${LIST_PAGE}/edit/${CODE}`, { [DETAIL_CALL]: () => successAnswer(APPROVED) });
    await openForm();
    expect(
      screen.getByText('承認済みのクーポンを保存すると、もう一度審査に回り、承認されるまで公開されません。'),
    ).toBeInTheDocument();
  });

  it(
    'shows each field’s message under it, focuses the first, and sends nothing',
    { timeout: 20_000 },
    async () => {
      const { fetch, user } = renderPage(`${LIST_PAGE}/edit/new`);
      await openForm();
      await user.click(save());
      for (const control of [
        textbox('タイトル 必須'),
        category(),
        textbox('特典内容 必須'),
        textbox('対象 必須'),
        textbox('本文 必須'),
        startDay(),
      ])
        expect(errorOf(control)).toBe(VALIDATION_MESSAGES.required);
      expect(errorOf(endDay())).toBeUndefined();
      expect(document.activeElement).toBe(textbox('タイトル 必須'));

      await user.type(textbox('タイトル 必須'), 'あ'.repeat(101));
      expect(errorOf(textbox('タイトル 必須'))).toBe('100文字以内で入力してください');
      fireEvent.change(startDay(), { target: { value: dayFromToday(10) } });
      fireEvent.change(endDay(), { target: { value: dayFromToday(5) } });
      expect(errorOf(endDay())).toBe(SERVICE_OFFER_MESSAGES.publishEndBeforeStart);
      fireEvent.change(endDay(), { target: { value: dayFromToday(-1) } });
      expect(errorOf(endDay())).toBe(VALIDATION_MESSAGES.pastDate);
      await user.click(save());
      expect(requestsTo(fetch, CREATE_CALL)).toEqual([]);
    },
  );

  it('warns (without refusing) when the last day is within 30 days', async () => {
    renderPage(`${LIST_PAGE}/edit/new`);
    await openForm();
    fireEvent.change(endDay(), { target: { value: dayFromToday(10) } });
    expect(endDay()).toHaveAccessibleDescription(expect.stringContaining('30日以内に公開が終了します'));
  });

  it('says why above the form when the company is at its limit, and puts a category refusal under its field', async () => {
    const { user } = renderPage(`${LIST_PAGE}/edit/new`, {
      [CREATE_CALL]: () => ({
        status: 422,
        body: { status: 'error', message: SERVICE_OFFER_MESSAGES.limitReached },
      }),
    });
    await openForm();
    await fillNewOffer(user);
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      'クーポンは1社につき50件まで登録できます。不要なクーポンを削除してから登録してください。',
    );
  });

  it('puts the server’s category refusal under the category', async () => {
    const { user } = renderPage(`${LIST_PAGE}/edit/new`, {
      [CREATE_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: SERVICE_OFFER_MESSAGES.invalidChoice,
          errors: { cso_category: [SERVICE_OFFER_MESSAGES.invalidChoice] },
        },
      }),
    });
    await openForm();
    await fillNewOffer(user);
    await user.click(save());
    await waitFor(() => expect(errorOf(category())).toBe('選択肢の中から選んでください'));
  });

  it(
    'uploads a chosen image once the new offer is saved; a refused image keeps the page on that offer',
    { timeout: 20_000 },
    async () => {
      let uploads = 0;
      const { fetch, router, user } = renderPage(`${LIST_PAGE}/edit/new`, {
        [NEW_IMAGE_CALL]: () => {
          uploads += 1;
          return uploads === 1
            ? {
                status: 422,
                body: {
                  status: 'error',
                  message: SERVICE_OFFER_MESSAGES.imageTypeRefused,
                  errors: { file: [SERVICE_OFFER_MESSAGES.imageTypeRefused] },
                },
              }
            : successAnswer(
                offer({
                  cso_unique_code: NEW_CODE,
                  cso_status: 'REVIEWING',
                  cso_image: {
                    file_unique_code: IMAGE_CODE,
                    file_url: `/api/v1/cso/${NEW_CODE}/image/${IMAGE_CODE}`,
                  },
                }),
              );
        },
      });
      await openForm();
      await fillNewOffer(user);
      await user.upload(imageInput(), new File([new Uint8Array(64)], 'coupon.png', { type: 'image/png' }));
      expect(screen.getByText('「coupon.png」を保存時に登録します。')).toBeInTheDocument();
      await user.click(save());
      await waitFor(() => expect(errorOf(imageInput())).toBe('このファイル形式はアップロードできません'));
      expect(requestsTo(fetch, CREATE_CALL)).toHaveLength(1);
      expect(router.state.location.pathname).toBe(`${LIST_PAGE}/edit/new`);

      // Another image chosen and saved again: the offer already written is saved, not a second one.
      await user.upload(imageInput(), new File([new Uint8Array(64)], 'coupon2.png', { type: 'image/png' }));
      expect(errorOf(imageInput())).toBeUndefined();
      await user.click(save());
      expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
      expect(requestsTo(fetch, CREATE_CALL)).toHaveLength(1);
      expect(requestsTo(fetch, NEW_SAVE_CALL)).toHaveLength(1);
      expect(uploads).toBe(2);
      await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
    },
  );

  it('refuses a file over 2 MB in the browser, before sending anything', async () => {
    const { fetch, user } = renderPage(`${LIST_PAGE}/edit/new`);
    await openForm();
    await fillNewOffer(user);
    await user.upload(imageInput(), new File([new Uint8Array(2097153)], 'big.png', { type: 'image/png' }));
    expect(errorOf(imageInput())).toBe('ファイルサイズは2MB以内にしてください');
    await user.click(save());
    expect(requestsTo(fetch, CREATE_CALL)).toEqual([]);
  });

  it('withdraws the offer after asking, and shows its new status', async () => {
    let cancelled = false;
    const { fetch, user } = renderPage(`${LIST_PAGE}/edit/${CODE}`, {
      [DETAIL_CALL]: () => successAnswer(offer(cancelled ? { cso_status: 'CANCELLED' } : {})),
      [CANCEL_CALL]: () => {
        cancelled = true;
        return successAnswer(offer({ cso_status: 'CANCELLED' }), SERVICE_OFFER_MESSAGES.cancelled);
      },
    });
    await openForm();
    await user.click(screen.getByRole('button', { name: '掲載を取り消す' }));
    const dialog = screen.getByRole('dialog', { name: 'クーポンの掲載取消' });
    expect(dialog).toHaveTextContent('「試作品加工 初回10%OFF」の掲載を取り消します。よろしいですか？');
    await user.click(within(dialog).getByRole('button', { name: '掲載を取り消す' }));
    expect(await screen.findByText('クーポンの掲載を取り消しました')).toBeInTheDocument();
    expect(requestsTo(fetch, CANCEL_CALL)).toHaveLength(1);
    await waitFor(() =>
      expect(factOf(screen.getByRole('region', { name: '審査の状況' }), '審査状況')).toBe('取消'),
    );
    expect(screen.queryByRole('button', { name: '掲載を取り消す' })).not.toBeInTheDocument();
  });

  it('deletes the offer after asking, and goes back to the list', async () => {
    const { fetch, router, user } = renderPage(`${LIST_PAGE}/edit/${CODE}`, {
      [DELETE_CALL]: () => successAnswer({ cso_unique_code: CODE }, SERVICE_OFFER_MESSAGES.deleted),
    });
    await openForm();
    await user.click(screen.getByRole('button', { name: '削除する' }));
    const dialog = screen.getByRole('dialog', { name: 'クーポンの削除' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('クーポンを削除しました')).toBeInTheDocument();
    expect(requestsTo(fetch, DELETE_CALL)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
  });

  it('shows the 404 page for an offer that is not the company’s, and for an id that is no offer code', async () => {
    renderPage(`${LIST_PAGE}/edit/${CODE}`, {
      [DETAIL_CALL]: () => ({ status: 404, body: { status: 'error', message: MESSAGES.notFound } }),
    });
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
  });

  it('shows the 404 page for an id that is no offer code, without asking the server', async () => {
    const { fetch } = renderPage(`${LIST_PAGE}/edit/not-a-code`);
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('/cso'))).toEqual([]);
  });
});
