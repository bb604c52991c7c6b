import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '#server/contracts/news.ts';
import type { ArticleSaveRequest } from '#server/contracts/news-form.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  detailItem,
  listAnswer,
  renderStaffPage,
  sentBodies,
  success,
  preloadStaffPages,
} from './staff-pages.tsx';

beforeAll(preloadStaffPages, 30_000);

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day in Japan counted from today, as a date control holds it. */
const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));

const UPLOADED: UploadedFile = {
  file_unique_code: '0123456789abcdef0123456789abcdef',
  file_kind: 'attachment',
  file_name: '営業時間のご案内.pdf',
  file_content_type: 'application/pdf',
  file_size: 2_621_440,
  file_url: '/api/v1/files/0123456789abcdef0123456789abcdef',
};

/** The error under a field: its control names it with aria-describedby. */
function errorOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? undefined) : undefined;
}

const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

/** The body editor, once its chunk (TipTap, a large import) has loaded. */
const findBody = () => screen.findByRole('textbox', { name: /^本文/ }, { timeout: 10_000 });

/**
 * Types into the body one key at a time (ProseMirror reads each) and answers the body as the form
 * now holds it: the paragraph the editor shows.
 */
async function typeBody(text: string): Promise<string> {
  const body = await findBody();
  await userEvent.setup({ delay: 20 }).type(body, text);
  await waitFor(() => expect(body.textContent).not.toBe(''));
  return `<p>${body.textContent}</p>`;
}

describe('/admin/news/create: a new news item', () => {
  it('shows each field’s message when saved empty, and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/news/create');
    await findBody();
    await user.clear(screen.getByLabelText(/^公開開始日/));
    await user.click(screen.getByRole('button', { name: '登録する' }));

    expect(errorOf(textbox('タイトル'))).toBe('必須入力項目です');
    expect(errorOf(screen.getByRole('textbox', { name: /^本文/ }))).toBe('必須入力項目です');
    expect(errorOf(screen.getByRole('combobox', { name: /^カテゴリ/ }))).toBe('必須入力項目です');
    expect(errorOf(screen.getByLabelText(/^公開開始日/))).toBe('必須入力項目です');
    // The first field in error has the focus.
    expect(document.activeElement).toBe(textbox('タイトル'));
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/news')).toEqual([]);
  });

  it('refuses a title over 100 characters, an end in the past and an end before the start', async () => {
    const user = userEvent.setup();
    renderStaffPage('/admin/news/create');
    await findBody();
    await user.type(textbox('タイトル'), 'あ'.repeat(101));
    await user.type(screen.getByLabelText(/^公開終了日/), dayFromToday(-1));
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(errorOf(textbox('タイトル'))).toBe('100文字以内で入力してください');
    expect(errorOf(screen.getByLabelText(/^公開終了日/))).toBe('入力が過去日です');

    await user.clear(screen.getByLabelText(/^公開開始日/));
    await user.type(screen.getByLabelText(/^公開開始日/), dayFromToday(60));
    await user.clear(screen.getByLabelText(/^公開終了日/));
    await user.type(screen.getByLabelText(/^公開終了日/), dayFromToday(40));
    expect(errorOf(screen.getByLabelText(/^公開終了日/))).toBe(
      '公開終了日は公開開始日以降の日付を入力してください',
    );
  });

  it('warns 30日以内に公開が終了します beside the end date without stopping the save, and saves', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderStaffPage('/admin/news/create', {
      api: {
        'POST /api/v1/admin/news': () =>
          success(
            { article_id: 41, warnings: { article_publish_end: ['30日以内に公開が終了します'] } },
            '登録が完了しました',
          ),
        'GET /api/v1/admin/news/41': () => success(detailItem(41, { article_publish_end: dayFromToday(10) })),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: /^タイトル/ }), '年末年始の営業時間');
    const body = await typeBody('ご案内');
    await user.selectOptions(screen.getByRole('combobox', { name: /^カテゴリ/ }), 'お知らせ');
    await user.click(screen.getByLabelText('公開'));
    const end = screen.getByLabelText(/^公開終了日/);
    await user.type(end, dayFromToday(10));
    expect(screen.getByText('30日以内に公開が終了します')).toBeInTheDocument();
    expect(end.getAttribute('aria-describedby')).toContain('article_publish_end-warning');

    await user.click(screen.getByRole('button', { name: '登録する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/news/detail/41'));
    const [sent] = sentBodies(fetch, 'POST', '/api/v1/admin/news') as [ArticleSaveRequest];
    expect(sent.fields).toMatchObject({
      article_title: '年末年始の営業時間',
      article_body: body,
      category_code: 'notice',
      article_visibility: 1,
      article_publish_start: dayFromToday(0),
      article_publish_end: dayFromToday(10),
      article_target: 'all',
    });
    expect(sent.attachment_file_codes).toEqual([]);
    expect(await screen.findByText('登録が完了しました')).toBeInTheDocument();
    // The item's page shows the save's warning too.
    expect(await screen.findByText('30日以内に公開が終了します')).toBeInTheDocument();
  });

  it('places the field errors the server answers under their fields', async () => {
    const user = userEvent.setup();
    renderStaffPage('/admin/news/create', {
      api: {
        'POST /api/v1/admin/news': () => ({
          status: 422,
          body: {
            status: 'error',
            message: '入力内容に誤りがあります',
            errors: {
              'fields.category_code': ['選択肢の中から選んでください'],
              'fields.article_body': ['必須入力項目です'],
            },
          },
        }),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: /^タイトル/ }), '臨時休業のお知らせ');
    await typeBody('本文');
    await user.selectOptions(screen.getByRole('combobox', { name: /^カテゴリ/ }), 'お知らせ');
    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('データの登録に失敗しました')).toBeInTheDocument();
    expect(errorOf(screen.getByRole('combobox', { name: /^カテゴリ/ }))).toBe('選択肢の中から選んでください');
    expect(errorOf(screen.getByRole('textbox', { name: /^本文/ }))).toBe('必須入力項目です');
  });

  it('refuses a branch user with the 403 page', async () => {
    renderStaffPage('/admin/news/create', { userType: 'branch_user' });
    expect((await screen.findByRole('alert')).textContent).toBe('エラー 403');
  });
});

describe('/admin/xba/seminar/create: a new seminar', () => {
  it('offers only the categories that are not news-only (no お知らせ, 重要なお知らせ)', async () => {
    renderStaffPage('/admin/xba/seminar/create');
    const category = await screen.findByRole('combobox', { name: /^カテゴリ/ });
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['なし', 'セミナー・イベント']);
  });
});

describe('attachments', () => {
  it('uploads a picked file, lists its name and size, and saves its code; 削除 takes it off', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/news/detail/5', {
      api: {
        'GET /api/v1/admin/news/5': () => success(detailItem(5)),
        'POST /api/v1/admin/files': () => success(UPLOADED),
        'PUT /api/v1/admin/news/5': () => success({ article_id: 5, warnings: {} }, '登録が完了しました'),
      },
    });
    const file = new File(['%PDF-1.7'], '営業時間のご案内.pdf', { type: 'application/pdf' });
    await user.upload(await screen.findByLabelText(/^添付ファイル/), file);
    const list = await screen.findByRole('list', { name: '添付ファイル一覧' });
    expect(within(list).getByRole('link', { name: '営業時間のご案内.pdf' }).getAttribute('href')).toBe(
      UPLOADED.file_url,
    );
    expect(within(list).getByText('2.5 MB')).toBeInTheDocument();
    const upload = fetch.mock.calls.find(([input]) => String(input).endsWith('/api/v1/admin/files'));
    const form = upload?.[1]?.body as FormData;
    expect(form.get('kind')).toBe('attachment');
    expect((form.get('file') as File).name).toBe('営業時間のご案内.pdf');
    expect(new Headers(upload?.[1]?.headers).get('Content-Type')).toBeNull();

    await user.click(screen.getByRole('button', { name: '更新する' }));
    await screen.findByText('登録が完了しました');
    expect(
      (sentBodies(fetch, 'PUT', '/api/v1/admin/news/5')[0] as ArticleSaveRequest).attachment_file_codes,
    ).toEqual([UPLOADED.file_unique_code]);

    await user.click(within(list).getByRole('button', { name: '営業時間のご案内.pdfを削除' }));
    expect(screen.queryByRole('list', { name: '添付ファイル一覧' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a file whose content is not an allowed type', async () => {
    const user = userEvent.setup();
    renderStaffPage('/admin/news/detail/5', {
      api: {
        'GET /api/v1/admin/news/5': () => success(detailItem(5)),
        'POST /api/v1/admin/files': () => ({
          status: 422,
          body: { status: 'error', errors: { file: ['このファイル形式はアップロードできません'] } },
        }),
      },
    });
    await user.upload(
      await screen.findByLabelText(/^添付ファイル/),
      new File(['MZ'], '請求書.pdf', { type: 'application/pdf' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      '請求書.pdf：このファイル形式はアップロードできません',
    );
    expect(screen.queryByRole('list', { name: '添付ファイル一覧' })).not.toBeInTheDocument();
  });

  it('refuses a file over 10MB before sending it', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/news/detail/5', {
      api: { 'GET /api/v1/admin/news/5': () => success(detailItem(5)) },
    });
    const large = new File([new Uint8Array(10_485_761)], '決算資料.pdf', { type: 'application/pdf' });
    await user.upload(await screen.findByLabelText(/^添付ファイル/), large);
    expect((await screen.findByRole('alert')).textContent).toBe(
      '決算資料.pdf：ファイルサイズは10MB以内にしてください',
    );
    expect(fetch.mock.calls.some(([input]) => String(input).endsWith('/api/v1/admin/files'))).toBe(false);
  });
});

describe('preview and delete', () => {
  it('プレビュー shows the body as the server sanitised it, with title, date and attachments', async () => {
    const user = userEvent.setup();
    const { fetch } = renderStaffPage('/admin/news/detail/5', {
      api: {
        'GET /api/v1/admin/news/5': () =>
          success(
            detailItem(5, {
              article_title: '窓口営業時間の変更',
              article_publish_start: '2026-04-01',
              article_body: '<p>変更します。</p><script>alert(1)</script>',
              attachments: [UPLOADED],
            }),
          ),
        'POST /api/v1/admin/news/preview': () =>
          success({ article_body: '<h2>変更点</h2><p>変更します。</p><img src="x" onerror="alert(1)">' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'プレビュー' }));
    const dialog = await screen.findByRole('dialog', { name: 'プレビュー' });
    expect(await within(dialog).findByRole('heading', { name: '変更点' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: '窓口営業時間の変更' })).toBeInTheDocument();
    expect(within(dialog).getByText('2026年4月1日')).toBeInTheDocument();
    expect(within(dialog).getByText('お知らせ')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '営業時間のご案内.pdf' })).toBeInTheDocument();
    expect(dialog.querySelector('script, [onerror]')).toBeNull();
    expect(sentBodies(fetch, 'POST', '/api/v1/admin/news/preview')).toEqual([
      { article_body: '<p>変更します。</p><script>alert(1)</script>' },
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('削除 asks first; キャンセル keeps the item, 削除する deletes it and returns to the list', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderStaffPage('/admin/news/detail/5', {
      api: {
        'GET /api/v1/admin/news/5': () => success(detailItem(5, { article_title: '旧キャンペーン' })),
        'DELETE /api/v1/admin/news/5': () => success({ article_id: 5 }, '削除しました'),
        'POST /api/v1/admin/news/search': () => listAnswer([]),
      },
    });
    await user.click(await screen.findByRole('button', { name: '削除' }));
    const dialog = screen.getByRole('dialog', { name: 'ニュースの削除' });
    expect(within(dialog).getByText(/「旧キャンペーン」を削除しますか？/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'DELETE', '/api/v1/admin/news/5')).toEqual([]);

    await user.click(screen.getByRole('button', { name: '削除' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/news'));
    expect(sentBodies(fetch, 'DELETE', '/api/v1/admin/news/5')).toHaveLength(1);
    expect(await screen.findByText('削除しました')).toBeInTheDocument();
  });
});
