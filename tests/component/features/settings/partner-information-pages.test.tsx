import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import {
  PARTNER_INFORMATION_SETTING_MESSAGES,
  type PartnerInformationSettingDetail,
  type PartnerInformationSettingItem,
} from '#server/contracts/partner-information-setting.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { settingsRoutes } from '#client/features/settings/pages.tsx';
import { createProviders, type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { ErrorStatus, errorOf, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import '#tests/component/components/rich-text/jsdom-layout.ts';

const LIST_PAGE = '/mypage/setting/information';
const LIST_CALL = 'GET /api/v1/setting/partner_information/search';
const CREATE_CALL = 'POST /api/v1/setting/partner_information';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));

/** The master's names, as start-up loaded them (server/db/master-data/code-lists.ts). */
const PARTNER_STATUSES = [
  { code: 'REVIEWING', name: '審査中' },
  { code: 'BEFORE_PUBLISHING', name: '公開前' },
  { code: 'PUBLISHING', name: '公開中' },
  { code: 'AFTER_PUBLISHING', name: '公開終了' },
  { code: 'DISAPPROVAL', name: '否認' },
  { code: 'CANCELLED', name: '取消' },
];

function listItem(
  id: number,
  change: Partial<PartnerInformationSettingItem> = {},
): PartnerInformationSettingItem {
  return {
    article_id: id,
    article_title: `パートナー情報 ${id}`,
    pi_status: 'REVIEWING',
    article_publish_start: '2026-04-01',
    article_publish_end: '2026-06-30',
    pi_review_note: null,
    article_updated_at: '2026-03-20T01:00:00.000Z',
    ...change,
  };
}

function detail(
  id: number,
  change: Partial<PartnerInformationSettingDetail> = {},
): PartnerInformationSettingDetail {
  return { ...listItem(id), article_body: '<p>クラウド会計の導入を支援します。</p>', ...change };
}

const listAnswer = (items: PartnerInformationSettingItem[], page = 1, rows = 25) =>
  successAnswer({ list: items, paging_data: buildPagingData(items.length, page, rows) });

/** The pages as the app shows them: the real routes, lazily loaded, toasts and overlay on screen. */
function renderPage(path: string, api: FakeApi) {
  const { Providers, fetch, queryClient } = createProviders({
    user: fixtureUser('partner_company_owner'),
    api,
  });
  queryClient.setQueryData(['master', 'partner_information_statuses'], PARTNER_STATUSES);
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...settingsRoutes, { path: '*', element: <p>ほかのページ</p> }],
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

beforeAll(async () => {
  // The pages' chunks and the editor's (TipTap is a large import), so a test waits for its data only.
  await Promise.all([
    import('#client/features/settings/partner-information/partner-information-list-page.tsx'),
    import('#client/features/settings/partner-information/partner-information-edit-page.tsx'),
    import('#client/components/rich-text/rich-text-editor.tsx'),
  ]);
}, 30_000);

/** The body editor, once its chunk has loaded. */
const findBody = () => screen.findByRole('textbox', { name: /^本文/ }, { timeout: 10_000 });

/** Types into the body one key at a time (ProseMirror reads each). */
async function typeBody(text: string) {
  const body = await findBody();
  await userEvent.setup({ delay: 20 }).type(body, text);
  await waitFor(() => expect(body.textContent).not.toBe(''));
}

describe('/mypage/setting/information', () => {
  it('lists the company’s items with the master’s status names, period, time of change and a refusal’s reason', async () => {
    renderPage(LIST_PAGE, {
      [LIST_CALL]: () =>
        listAnswer([
          listItem(3, {
            article_title: '補助金の無料相談会',
            pi_status: 'PUBLISHING',
            article_publish_end: null,
          }),
          listItem(2, {
            article_title: '会計ソフト導入支援',
            pi_status: 'DISAPPROVAL',
            pi_review_note: '料金の表記を明確にしてください',
          }),
          listItem(1, { article_title: '創業支援セミナー' }),
        ]),
    });
    const table = await screen.findByRole('table', { name: '自社のパートナー情報' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['公開中', '2026年4月1日 〜 終了日なし', '2026年3月20日(金) 10:00'],
      ['否認', '2026年4月1日 〜 2026年6月30日', '2026年3月20日(金) 10:00'],
      ['審査中', '2026年4月1日 〜 2026年6月30日', '2026年3月20日(金) 10:00'],
    ]);
    expect(within(rows[1]!).getByText('否認の理由: 料金の表記を明確にしてください')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: '補助金の無料相談会' })).toHaveAttribute(
      'href',
      '/mypage/setting/information/edit/3',
    );
    expect(screen.getByText(PARTNER_INFORMATION_SETTING_MESSAGES.reviewNotice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新規作成' })).toHaveAttribute(
      'href',
      '/mypage/setting/information/edit/new',
    );
  });

  it('says so when there is nothing yet', async () => {
    renderPage(LIST_PAGE, { [LIST_CALL]: () => listAnswer([]) });
    expect(await screen.findByText('登録したパートナー情報はありません。')).toBeInTheDocument();
  });

  it('says the load failed in place', async () => {
    renderPage(LIST_PAGE, {
      [LIST_CALL]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('データ取得に失敗しました');
  });

  it('asks the server for the page and rows of the URL', async () => {
    const { fetch } = renderPage(`${LIST_PAGE}?page=2&rows=10`, {
      [LIST_CALL]: () => listAnswer([listItem(9)], 2, 10),
    });
    await screen.findByRole('table', { name: '自社のパートナー情報' });
    const url = fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://bank.test'))
      .find((candidate) => candidate.pathname === '/api/v1/setting/partner_information/search');
    expect(url?.searchParams.get('page')).toBe('2');
    expect(url?.searchParams.get('rows')).toBe('10');
  });
});

describe('/mypage/setting/information/edit/new', () => {
  it('shows each field’s message when saved empty, and sends nothing', async () => {
    const { fetch, user } = renderPage(`${LIST_PAGE}/edit/new`, {});
    await findBody();
    await user.clear(screen.getByLabelText(/^公開開始日/));
    await user.click(screen.getByRole('button', { name: '作成して審査を依頼する' }));
    expect(errorOf(screen.getByRole('textbox', { name: /^タイトル/ }))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(screen.getByRole('textbox', { name: /^本文/ }))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(screen.getByLabelText(/^公開開始日/))).toBe(VALIDATION_MESSAGES.required);
    expect(sentTo(fetch, CREATE_CALL)).toEqual([]);
  });

  it('refuses a past day and a last day before the first in the browser', async () => {
    const { fetch, user } = renderPage(`${LIST_PAGE}/edit/new`, {});
    await user.type(await screen.findByRole('textbox', { name: /^タイトル/ }), '相談会のご案内');
    await typeBody('ご案内');
    const start = screen.getByLabelText(/^公開開始日/);
    await user.clear(start);
    await user.type(start, dayFromToday(-1));
    const end = screen.getByLabelText(/^公開終了日/);
    await user.type(end, dayFromToday(-2));
    await user.click(screen.getByRole('button', { name: '作成して審査を依頼する' }));
    expect(errorOf(start)).toBe(VALIDATION_MESSAGES.pastDate);
    expect(errorOf(end)).toBe(VALIDATION_MESSAGES.pastDate);
    await user.clear(start);
    await user.type(start, dayFromToday(10));
    await user.clear(end);
    await user.type(end, dayFromToday(5));
    expect(errorOf(end)).toBe('公開終了日は公開開始日以降の日付を入力してください');
    expect(sentTo(fetch, CREATE_CALL)).toEqual([]);
  });

  it('sends the item for review, says 登録が完了しました and shows the list', async () => {
    const { fetch, user, router } = renderPage(`${LIST_PAGE}/edit/new`, {
      [CREATE_CALL]: () => successAnswer({ article_id: 21, pi_status: 'REVIEWING' }),
      [LIST_CALL]: () => listAnswer([listItem(21, { article_title: '相談会のご案内' })]),
    });
    await user.type(await screen.findByRole('textbox', { name: /^タイトル/ }), '相談会のご案内');
    await typeBody('ご案内');
    await user.type(screen.getByLabelText(/^公開終了日/), dayFromToday(30));
    await user.click(screen.getByRole('button', { name: '作成して審査を依頼する' }));
    expect(await screen.findByText('登録が完了しました')).toBeInTheDocument();
    expect(sentTo(fetch, CREATE_CALL)).toEqual([
      {
        article_title: '相談会のご案内',
        article_body: '<p>ご案内</p>',
        article_publish_start: dayFromToday(0),
        article_publish_end: dayFromToday(30),
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
    expect(await screen.findByRole('link', { name: '相談会のご案内' })).toBeInTheDocument();
  });

  it('places the field errors the server answers under their fields', async () => {
    const { user } = renderPage(`${LIST_PAGE}/edit/new`, {
      [CREATE_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: 'データの登録に失敗しました',
          errors: { article_body: ['20000文字以内で入力してください'] },
        },
      }),
    });
    await user.type(await screen.findByRole('textbox', { name: /^タイトル/ }), '相談会のご案内');
    await typeBody('ご案内');
    await user.click(screen.getByRole('button', { name: '作成して審査を依頼する' }));
    expect(await screen.findByText('データの登録に失敗しました')).toBeInTheDocument();
    expect(errorOf(screen.getByRole('textbox', { name: /^本文/ }))).toBe('20000文字以内で入力してください');
  });
});

describe('/mypage/setting/information/edit/{id}', () => {
  it('shows where the review stands and the bank’s reason, and sends the edit for review again', async () => {
    const item = detail(7, {
      article_title: '会計ソフト導入支援',
      pi_status: 'DISAPPROVAL',
      pi_review_note: '料金の表記を明確にしてください',
      article_publish_start: dayFromToday(-3),
      article_publish_end: dayFromToday(40),
    });
    const { fetch, user } = renderPage(`${LIST_PAGE}/edit/7`, {
      'GET /api/v1/setting/partner_information/7': () => successAnswer(item),
      'PUT /api/v1/setting/partner_information/7': () =>
        successAnswer({ article_id: 7, pi_status: 'REVIEWING' }),
      [LIST_CALL]: () => listAnswer([listItem(7)]),
    });
    const review = await screen.findByRole('region', { name: '審査状況' });
    expect(within(review).getByText('否認')).toBeInTheDocument();
    expect(within(review).getByText('料金の表記を明確にしてください')).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: /^タイトル/ });
    expect(title).toHaveValue('会計ソフト導入支援');
    await findBody();
    await user.clear(title);
    await user.type(title, '会計ソフト導入支援（月額1,000円）');
    // The first day has passed but is kept as it was: the browser does not refuse it.
    await user.click(screen.getByRole('button', { name: '保存して審査を依頼する' }));
    expect(await screen.findByText('登録が完了しました')).toBeInTheDocument();
    expect(sentTo(fetch, 'PUT /api/v1/setting/partner_information/7')).toEqual([
      {
        article_title: '会計ソフト導入支援（月額1,000円）',
        article_body: '<p>クラウド会計の導入を支援します。</p>',
        article_publish_start: dayFromToday(-3),
        article_publish_end: dayFromToday(40),
      },
    ]);
  });

  it('tells a published item’s writer that an edit takes it off the pages until approved again', async () => {
    renderPage(`${LIST_PAGE}/edit/8`, {
      'GET /api/v1/setting/partner_information/8': () =>
        successAnswer(detail(8, { pi_status: 'PUBLISHING' })),
    });
    expect(
      await screen.findByText('掲載中です。変更して保存すると、銀行がふたたび承認するまで掲載されません。'),
    ).toBeInTheDocument();
  });

  it('withdraws the item after asking, and shows the list', async () => {
    const { fetch, user, router } = renderPage(`${LIST_PAGE}/edit/9`, {
      'GET /api/v1/setting/partner_information/9': () =>
        successAnswer(detail(9, { article_title: '創業支援セミナー', pi_status: 'BEFORE_PUBLISHING' })),
      'POST /api/v1/setting/partner_information/9/cancel': () =>
        successAnswer({ article_id: 9, pi_status: 'CANCELLED' }),
      [LIST_CALL]: () => listAnswer([listItem(9, { pi_status: 'CANCELLED' })]),
    });
    await user.click(await screen.findByRole('button', { name: '掲載を取り下げる' }));
    const dialog = await screen.findByRole('dialog', { name: 'パートナー情報の取り下げ' });
    expect(dialog).toHaveTextContent('「創業支援セミナー」の掲載を取り下げますか？');
    await user.click(within(dialog).getByRole('button', { name: '取り下げる' }));
    expect(await screen.findByText(PARTNER_INFORMATION_SETTING_MESSAGES.cancelled)).toBeInTheDocument();
    expect(sentTo(fetch, 'POST /api/v1/setting/partner_information/9/cancel')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
  });

  it('shows the server’s reason when the withdrawal is refused', async () => {
    const { user } = renderPage(`${LIST_PAGE}/edit/10`, {
      'GET /api/v1/setting/partner_information/10': () => successAnswer(detail(10)),
      'POST /api/v1/setting/partner_information/10/cancel': () => ({
        status: 422,
        body: { status: 'error', message: PARTNER_INFORMATION_SETTING_MESSAGES.closed },
      }),
    });
    await user.click(await screen.findByRole('button', { name: '掲載を取り下げる' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取り下げる' }));
    expect(await screen.findByText(PARTNER_INFORMATION_SETTING_MESSAGES.cancelFailed)).toBeInTheDocument();
    const reason = await screen.findByText(PARTNER_INFORMATION_SETTING_MESSAGES.closed);
    expect(reason.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: '掲載を取り下げる' })).toBeInTheDocument();
  });

  it('shows an ended or withdrawn item as it stands, without a form', async () => {
    renderPage(`${LIST_PAGE}/edit/11`, {
      'GET /api/v1/setting/partner_information/11': () =>
        successAnswer(detail(11, { article_title: '終わった相談会', pi_status: 'AFTER_PUBLISHING' })),
    });
    expect(await screen.findByText(PARTNER_INFORMATION_SETTING_MESSAGES.closed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '終わった相談会' })).toBeInTheDocument();
    expect(await screen.findByText('クラウド会計の導入を支援します。')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '掲載を取り下げる' })).not.toBeInTheDocument();
  });

  it('shows the 404 page for an id that is not the company’s, or not an id', async () => {
    renderPage(`${LIST_PAGE}/edit/12`, {
      'GET /api/v1/setting/partner_information/12': () => ({
        status: 404,
        body: { status: 'error', message: 'This page could not be found' },
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('404');
  });

  it('shows the 404 page for a path that names no item', async () => {
    const { fetch } = renderPage(`${LIST_PAGE}/edit/abc`, {});
    expect(await screen.findByRole('alert')).toHaveTextContent('404');
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('partner_information'))).toEqual([]);
  });
});
