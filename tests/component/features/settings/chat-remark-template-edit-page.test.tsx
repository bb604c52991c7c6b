import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_REMARK_TEMPLATE_MESSAGES,
  type ChatRemarkTemplate,
} from '#server/contracts/chat-remark-template.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { chatRemarkTemplateRoutes } from '#client/features/settings/chat-remark-template/chat-remark-template-pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { createProviders, type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import {
  ErrorStatus,
  errorOf,
  requestsTo,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const LIST_PAGE = '/mypage/setting/chat_remark_template';
const CODE = '0123456789abcdef0123456789abcdef';
const LIST_CALL = 'GET /api/v1/setting/chat_remark_template';
const CREATE_CALL = 'POST /api/v1/setting/chat_remark_template/create';
const DETAIL_CALL = `GET /api/v1/setting/chat_remark_template/${CODE}`;
const SAVE_CALL = `POST /api/v1/setting/chat_remark_template/${CODE}/save`;

const TEMPLATE: ChatRemarkTemplate = {
  template_unique_code: CODE,
  template_title: '営業時間のご案内',
  template_body: '平日9時から17時まで営業しております。',
  template_sort_order: 3,
  template_updated_at: '2025-04-01T05:00:00.000Z',
};

/** The saves answer what they were sent, as the server stores it. */
const savedAnswer = (body: unknown) => successAnswer({ ...TEMPLATE, ...(body as object) });

function renderPage(
  path: string,
  api: FakeApi = {},
  bank: (typeof FIXTURE_BANKS)[number] = FIXTURE_BANKS[0],
) {
  const { Providers, fetch } = createProviders({
    config: bank.config(),
    user: fixtureUser('company_user'),
    api: {
      [LIST_CALL]: () => successAnswer({ list: [TEMPLATE], max_count: 100 }),
      [DETAIL_CALL]: () => successAnswer(TEMPLATE),
      [CREATE_CALL]: savedAnswer,
      [SAVE_CALL]: savedAnswer,
      ...api,
    },
  });
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...chatRemarkTemplateRoutes, { path: '*', element: <p>ほかのページ</p> }],
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

const title = () => screen.getByRole('textbox', { name: 'タイトル 必須' });
const body = () => screen.getByRole('textbox', { name: '本文 必須' });
const save = () => screen.getByRole('button', { name: '保存する' });

beforeAll(async () => {
  await import('#client/features/settings/chat-remark-template/chat-remark-template-edit-page.tsx');
  await import('#client/features/settings/chat-remark-template/chat-remark-template-list-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/setting/chat_remark_template/edit on bank $code', (bank) => {
  it('edit/new registers a new template and goes back to the list with 登録が完了しました', async () => {
    const { fetch, router, user } = renderPage(`${LIST_PAGE}/edit/new`, {}, bank);
    await screen.findByRole('form', { name: '定型文の入力' });
    expect(title()).toHaveValue('');
    expect(body()).toHaveValue('');
    expect(title()).toHaveAccessibleDescription('50文字以内（0文字入力済み）');

    await user.type(title(), 'お礼');
    await user.type(body(), '感謝します。{Enter}今後とも。');
    expect(body()).toHaveAccessibleDescription('1000文字以内（12文字入力済み）');
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, CREATE_CALL)).toEqual([
      {
        template_title: 'お礼',
        template_body: '感謝します。\n今後とも。',
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
  });
});

describe('/mypage/setting/chat_remark_template/edit/{id}', () => {
  it('opens a template in the form, saves the change and goes back to the list', async () => {
    const { fetch, router, user } = renderPage(`${LIST_PAGE}/edit/${CODE}`);
    await screen.findByRole('form', { name: '定型文の入力' });
    expect(title()).toHaveValue('営業時間のご案内');
    expect(body()).toHaveValue('平日9時から17時まで営業しております。');

    await user.clear(title());
    await user.type(title(), '営業時間');
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      { template_title: '営業時間', template_body: '平日9時から17時まで営業しております。' },
    ]);
    expect(requestsTo(fetch, CREATE_CALL)).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
  });

  it('shows each field’s message under it, focuses the first, and sends nothing', async () => {
    const { fetch, user } = renderPage(`${LIST_PAGE}/edit/new`);
    await screen.findByRole('form', { name: '定型文の入力' });
    await user.click(save());
    expect(errorOf(title())).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(body())).toBe(VALIDATION_MESSAGES.required);
    expect(document.activeElement).toBe(title());

    await user.type(title(), 'あ'.repeat(51));
    expect(errorOf(title())).toBe('50文字以内で入力してください');
    await user.type(body(), '本文');
    expect(errorOf(body())).toBeUndefined();
    await user.click(save());
    expect(sentTo(fetch, CREATE_CALL)).toEqual([]);
  });

  it('says so above the form when the company already has 100 templates, and stays on the form', async () => {
    const { router, user } = renderPage(`${LIST_PAGE}/edit/new`, {
      [CREATE_CALL]: () => ({
        status: 422,
        body: { status: 'error', message: CHAT_REMARK_TEMPLATE_MESSAGES.limitReached },
      }),
    });
    await screen.findByRole('form', { name: '定型文の入力' });
    await user.type(title(), 'お礼');
    await user.type(body(), 'ありがとうございました。');
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    // The toast is an alert too: the page's own notice says why.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      '定型文は100件まで登録できます。不要な定型文を削除してから登録してください。',
    );
    expect(router.state.location.pathname).toBe(`${LIST_PAGE}/edit/new`);
    expect(title()).toHaveValue('お礼');
  });

  it('shows the 404 page for a template that is not the company’s', async () => {
    renderPage(`${LIST_PAGE}/edit/${CODE}`, {
      [DETAIL_CALL]: () => ({ status: 404, body: { status: 'error', message: MESSAGES.notFound } }),
    });
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
  });

  it('shows the 404 page for an id that is no template code, without asking the server', async () => {
    const { fetch } = renderPage(`${LIST_PAGE}/edit/123`);
    expect(await screen.findByText('エラー 404')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('chat_remark_template'))).toEqual([]);
  });

  it('says the template could not be read when the load fails', async () => {
    renderPage(`${LIST_PAGE}/edit/${CODE}`, {
      [DETAIL_CALL]: () => ({ status: 500, body: { status: 'error', message: 'x' } }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadFailed);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('goes back to the list by 一覧に戻る without saving', async () => {
    const { fetch, router, user } = renderPage(`${LIST_PAGE}/edit/${CODE}`);
    await screen.findByRole('form', { name: '定型文の入力' });
    await user.click(screen.getByRole('link', { name: '一覧に戻る' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PAGE));
    expect(requestsTo(fetch, SAVE_CALL)).toEqual([]);
  });
});
