import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_REMARK_TEMPLATE_MESSAGES,
  type ChatRemarkTemplate,
} from '#server/contracts/chat-remark-template.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { chatRemarkTemplateRoutes } from '#client/features/settings/chat-remark-template/chat-remark-template-pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { createProviders, type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { ErrorStatus, requestsTo, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PAGE = '/mypage/setting/chat_remark_template';
const LIST_CALL = 'GET /api/v1/setting/chat_remark_template';
const REORDER_CALL = 'POST /api/v1/setting/chat_remark_template/reorder';
const deleteCall = (code: string) => `POST /api/v1/setting/chat_remark_template/${code}/delete`;

const codeOf = (n: number) => String(n).padStart(32, '0');

/** A template as the API answers it. */
function template(n: number, change: Partial<ChatRemarkTemplate> = {}): ChatRemarkTemplate {
  return {
    template_unique_code: codeOf(n),
    template_title: `定型文${n}`,
    template_body: `本文${n}です。\nよろしくお願いいたします。`,
    template_sort_order: n,
    template_updated_at: '2025-04-01T05:00:00.000Z',
    ...change,
  };
}

const listAnswer = (list: ChatRemarkTemplate[]) => successAnswer({ list, max_count: 100 });

/** The list page as the app shows it: the real routes, lazily loaded, toasts and overlay on screen. */
function renderPage(api: FakeApi, bank: (typeof FIXTURE_BANKS)[number] = FIXTURE_BANKS[0]) {
  const { Providers, fetch } = createProviders({
    config: bank.config(),
    user: fixtureUser('company_employee'),
    api,
  });
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...chatRemarkTemplateRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [PAGE] },
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

const items = () => within(screen.getByRole('list', { name: '定型文（並び順）' })).getAllByRole('listitem');
const titles = () => items().map((item) => within(item).getByRole('link').textContent);

beforeAll(async () => {
  await import('#client/features/settings/chat-remark-template/chat-remark-template-list-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/setting/chat_remark_template on bank $code', (bank) => {
  it('lists the company’s templates in their order, each title opening its edit page, with 新規作成', async () => {
    renderPage(
      { [LIST_CALL]: () => listAnswer([template(1), template(2, { template_body: 'あ'.repeat(90) })]) },
      bank,
    );
    expect(
      await screen.findByRole('heading', { name: '登録済みの定型文（2件／100件）' }),
    ).toBeInTheDocument();
    expect(titles()).toEqual(['定型文1', '定型文2']);
    expect(screen.getByRole('link', { name: '定型文1' })).toHaveAttribute(
      'href',
      `${PAGE}/edit/${codeOf(1)}`,
    );
    // The text on one line, shortened to 80 characters.
    expect(within(items()[0]!).getByText('本文1です。 よろしくお願いいたします。')).toBeInTheDocument();
    expect(within(items()[1]!).getByText(`${'あ'.repeat(80)}…`)).toBeInTheDocument();
    expect(within(items()[0]!).getByText('更新日時：2025年4月1日(火) 14:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新規作成' })).toHaveAttribute('href', `${PAGE}/edit/new`);
    expect(screen.getByRole('button', { name: '「定型文1」を上へ移動' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '「定型文2」を下へ移動' })).toBeDisabled();
  });
});

describe('/mypage/setting/chat_remark_template', () => {
  it('says when there are no templates yet', async () => {
    renderPage({ [LIST_CALL]: () => listAnswer([]) });
    expect(await screen.findByText('定型文はまだ登録されていません。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新規作成' })).toBeInTheDocument();
  });

  it('offers no 新規作成 once the company has 100, and says why', async () => {
    renderPage({
      [LIST_CALL]: () => listAnswer(Array.from({ length: 100 }, (_, index) => template(index + 1))),
    });
    expect(
      await screen.findByRole('heading', { name: '登録済みの定型文（100件／100件）' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '新規作成' })).not.toBeInTheDocument();
    expect(screen.getByText(CHAT_REMARK_TEMPLATE_MESSAGES.limitReached)).toBeInTheDocument();
    // A hundred items take jsdom a few seconds to draw.
  }, 15_000);

  it('moves a template down, saves the new order at once, and keeps the focus on the moved template', async () => {
    const { fetch, user } = renderPage({
      [LIST_CALL]: () => listAnswer([template(1), template(2), template(3)]),
      [REORDER_CALL]: (body) => {
        const codes = (body as { template_unique_codes: string[] }).template_unique_codes;
        return successAnswer(
          {
            list: codes.map((code, index) => template(Number(code), { template_sort_order: index + 1 })),
            max_count: 100,
          },
          CHAT_REMARK_TEMPLATE_MESSAGES.orderSaved,
        );
      },
    });
    await user.click(await screen.findByRole('button', { name: '「定型文1」を下へ移動' }));

    expect(await screen.findByText('並び順を保存しました')).toBeInTheDocument();
    expect(sentTo(fetch, REORDER_CALL)).toEqual([
      { template_unique_codes: [codeOf(2), codeOf(1), codeOf(3)] },
    ]);
    expect(titles()).toEqual(['定型文2', '定型文1', '定型文3']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '「定型文1」を下へ移動' })),
    );

    // To the end: 下へ is no more, the focus goes to 上へ.
    await user.click(screen.getByRole('button', { name: '「定型文1」を下へ移動' }));
    await waitFor(() => expect(titles()).toEqual(['定型文2', '定型文3', '定型文1']));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '「定型文1」を上へ移動' })),
    );
    expect(screen.getByRole('button', { name: '「定型文1」を下へ移動' })).toBeDisabled();
  });

  it('says why a move was refused and reads the list again', async () => {
    let reads = 0;
    const { fetch, user } = renderPage({
      [LIST_CALL]: () => {
        reads += 1;
        return listAnswer(reads === 1 ? [template(1), template(2)] : [template(1), template(2), template(3)]);
      },
      [REORDER_CALL]: () => ({
        status: 422,
        body: { status: 'error', message: CHAT_REMARK_TEMPLATE_MESSAGES.orderOutdated },
      }),
    });
    await user.click(await screen.findByRole('button', { name: '「定型文2」を上へ移動' }));
    expect(await screen.findByText(CHAT_REMARK_TEMPLATE_MESSAGES.orderFailed)).toBeInTheDocument();
    // The toast is an alert too: the page's own notice says why.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      CHAT_REMARK_TEMPLATE_MESSAGES.orderOutdated,
    );
    await waitFor(() => expect(titles()).toEqual(['定型文1', '定型文2', '定型文3']));
    expect(requestsTo(fetch, LIST_CALL)).toHaveLength(2);
  });

  it('asks before deleting, deletes on 削除する with 削除しました, and reads the list again', async () => {
    let deleted = false;
    const { fetch, user } = renderPage({
      [LIST_CALL]: () => listAnswer(deleted ? [template(2)] : [template(1), template(2)]),
      [deleteCall(codeOf(1))]: () => {
        deleted = true;
        return successAnswer({ template_unique_code: codeOf(1) }, '削除しました');
      },
    });
    await user.click(await screen.findByRole('button', { name: '「定型文1」を削除' }));
    const dialog = screen.getByRole('dialog', { name: '定型文の削除' });
    expect(dialog).toHaveTextContent('「定型文1」を削除しますか？削除した定型文は元に戻せません。');

    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fetch, deleteCall(codeOf(1)))).toEqual([]);

    await user.click(screen.getByRole('button', { name: '「定型文1」を削除' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('削除しました')).toBeInTheDocument();
    expect(requestsTo(fetch, deleteCall(codeOf(1)))).toHaveLength(1);
    await waitFor(() => expect(titles()).toEqual(['定型文2']));
    expect(screen.getByRole('heading', { name: '登録済みの定型文（1件／100件）' })).toHaveFocus();
  });

  it('says 削除に失敗しました when the delete does not go through', async () => {
    const { user } = renderPage({
      [LIST_CALL]: () => listAnswer([template(1)]),
      [deleteCall(codeOf(1))]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }),
    });
    await user.click(await screen.findByRole('button', { name: '「定型文1」を削除' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('削除に失敗しました')).toBeInTheDocument();
    expect(titles()).toEqual(['定型文1']);
  });

  it('says the list could not be read when the load fails', async () => {
    renderPage({ [LIST_CALL]: () => ({ status: 500, body: { status: 'error', message: 'x' } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadFailed);
    expect(screen.queryByRole('link', { name: '新規作成' })).not.toBeInTheDocument();
  });
});
