import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it, vi } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import {
  BULK_CREATE_COLUMNS,
  BULK_CREATE_MESSAGES,
  type BulkCompanyRowInput,
} from '#server/contracts/company-bulk-create.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { CompanyBulkCreatePage } from '#client/features/companies/admin/company-bulk-create-page.tsx';
import { ErrorStatus, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import {
  createProviders,
  type FakeAnswer,
  type FakeApi,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import { withDeclaredSizes } from '#tests/support/zip-archives.ts';

const PAGE = '/admin/company/bulk-create';
const CHECK = 'POST /api/v1/company/create_all/check';
const CREATE = 'POST /api/v1/company/create_all';
const HEAVY = { timeout: 15_000 };

const HEADER = BULK_CREATE_COLUMNS.map((column) => column.header);
/** A row of the file, as the template's example row, for company `n`. */
function fileRow(n: number, change: Partial<Record<string, string>> = {}): string[] {
  const cells: Record<string, string> = {
    company_name: `株式会社みなと商事${n}`,
    company_name_kana: 'カブシキガイシャミナトショウジ',
    company_type: 'normal',
    company_corporate_number: '',
    bb_code: '001',
    company_representative_name: '山田 太郎',
    company_tel: '03-1234-5678',
    user_last_name: '山田',
    user_first_name: '花子',
    user_last_name_kana: 'ヤマダ',
    user_first_name_kana: 'ハナコ',
    user_email: `owner${n}@example.jp`,
    user_login_id: '',
    ...change,
  };
  return BULK_CREATE_COLUMNS.map((column) => cells[column.key] ?? '');
}
const valuesOf = (cells: string[]): BulkCompanyRowInput =>
  Object.fromEntries(BULK_CREATE_COLUMNS.map((column, index) => [column.key, cells[index] ?? '']));
const csvOf = (rows: string[][]) => [HEADER, ...rows].map((row) => row.join(',')).join('\r\n');

/** The check's answer: `errors` under rows.<index>.<field>. */
const checkAnswer = (rowCount: number, errors: Record<string, string[]> = {}): FakeAnswer =>
  successAnswer({
    row_count: rowCount,
    error_row_count: new Set(Object.keys(errors).map((key) => key.split('.')[1])).size,
    errors,
  });

/** A promise the test settles: the answer of a request still on its way. */
function deferred<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/** /admin/company/bulk-create for a user of `userType`, with a stand-in for the company list. */
function renderPage({ api = {}, userType = 'bank_admin' }: { api?: FakeApi; userType?: UserTypeCode } = {}) {
  const { Providers, fetch } = createProviders({ user: fixtureUser(userType), api });
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        children: [
          { path: PAGE, element: <CompanyBulkCreatePage /> },
          { path: '/admin/company', element: <p>企業一覧のページ</p> },
        ],
      },
    ],
    { initialEntries: [PAGE] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
    </Providers>,
  );
  return { router, fetch, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(screen.getByLabelText('ファイル'), file);
}

const shiftJisCsv = (rows: string[][], name = '企業一覧.csv') =>
  new File([new Uint8Array(iconv.encode(csvOf(rows), 'Shift_JIS'))], name, { type: 'text/csv' });

/** The Idempotency-Key each request of `METHOD /path` carried, in order. */
function keysSentTo(fetch: ReturnType<typeof renderPage>['fetch'], route: string): (string | null)[] {
  const [method, path] = route.split(' ');
  return fetch.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://bank.test').pathname === path,
    )
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
}

const previewTable = () => screen.findByRole('table', { name: '読み込んだ行とエラー' });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const createButton = () => screen.getByRole('button', { name: '登録する' });

describe('/admin/company/bulk-create', () => {
  it(
    'reads a Shift_JIS CSV, has the server check it and shows each row’s errors beside it',
    HEAVY,
    async () => {
      const rows = [fileRow(1), fileRow(2, { company_name_kana: 'かな' }), fileRow(3)];
      const { fetch, user } = renderPage({
        api: {
          [CHECK]: () =>
            checkAnswer(3, {
              'rows.1.company_name_kana': [VALIDATION_MESSAGES.katakana],
              'rows.1.user_email': [BULK_CREATE_MESSAGES.loginIdInFile, VALIDATION_MESSAGES.email],
            }),
        },
      });
      await choose(user, shiftJisCsv(rows));
      const table = await previewTable();
      expect(sentTo(fetch, CHECK)).toEqual([{ rows: rows.map(valuesOf) }]);

      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual([
        '行',
        'エラー',
        '企業名',
        '企業名カナ',
        '企業種別',
        '法人番号',
        '取引店コード',
        '代表者氏名',
        '電話番号',
        'オーナー氏名',
        'オーナー氏名カナ',
        'オーナーメールアドレス',
        'ログインID',
      ]);
      const bad = within(table).getByRole('rowheader', { name: '株式会社みなと商事2' }).closest('tr')!;
      expect(cellsOf(bad).slice(0, 2)).toEqual([
        '3',
        `企業名カナ：${VALIDATION_MESSAGES.katakana}オーナーメールアドレス：${BULK_CREATE_MESSAGES.loginIdInFile}オーナーメールアドレス：${VALIDATION_MESSAGES.email}`,
      ]);
      const good = within(table).getByRole('rowheader', { name: '株式会社みなと商事1' }).closest('tr')!;
      expect(cellsOf(good)).toEqual([
        '2',
        'なし',
        'カブシキガイシャミナトショウジ',
        'normal',
        '—',
        '001',
        '山田 太郎',
        '03-1234-5678',
        '山田 花子',
        'ヤマダ ハナコ',
        'owner1@example.jp',
        '自動で発行',
      ]);
      expect(screen.getByText(/企業一覧\.csv：全3件、エラーのある行が1件あります。/)).toBeInTheDocument();
      expect(createButton()).toBeDisabled();
      expect(sentTo(fetch, CREATE)).toEqual([]);
    },
  );

  it(
    'creates every row with a progress bar while it runs, then says 保存しました and opens the list',
    HEAVY,
    async () => {
      const created = deferred<FakeAnswer>();
      const rows = [fileRow(1), fileRow(2)];
      const { fetch, router, user } = renderPage({
        api: { [CHECK]: () => checkAnswer(2), [CREATE]: () => created.promise },
      });
      await choose(user, new File([`\uFEFF${csvOf(rows)}`], '企業.csv', { type: 'text/csv' }));
      await previewTable();
      expect(screen.getByText('企業.csv：全2件。エラーはありません。')).toBeInTheDocument();
      await user.click(createButton());

      const progress = await screen.findByRole('progressbar', {
        name: '2件を登録しています。しばらくお待ちください',
      });
      expect(progress).toBeInTheDocument();
      expect(createButton()).toBeDisabled();
      expect(screen.getByLabelText('ファイル')).toBeDisabled();
      expect(sentTo(fetch, CREATE)).toEqual([{ rows: rows.map(valuesOf) }]);

      created.settle(successAnswer({ created_count: 2 }, BULK_CREATE_MESSAGES.saved));
      expect(await screen.findByText('企業一覧のページ')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/company');
      expect(screen.getByRole('status')).toHaveTextContent(BULK_CREATE_MESSAGES.saved);
    },
  );

  it(
    'says 保存に失敗しました when the server refuses, with each row’s errors in the table',
    HEAVY,
    async () => {
      const { user } = renderPage({
        api: {
          [CHECK]: () => checkAnswer(2),
          [CREATE]: () => ({
            status: 422,
            body: {
              status: 'error',
              message: BULK_CREATE_MESSAGES.rowsRefused,
              errors: { 'rows.1.user_login_id': [BULK_CREATE_MESSAGES.loginIdTaken] },
            },
          }),
        },
      });
      await choose(user, shiftJisCsv([fileRow(1), fileRow(2, { user_login_id: 'minato-2' })]));
      await previewTable();
      await user.click(createButton());

      expect(await screen.findByText(BULK_CREATE_MESSAGES.saveFailed)).toBeInTheDocument();
      const table = await previewTable();
      const refused = within(table).getByRole('rowheader', { name: '株式会社みなと商事2' }).closest('tr')!;
      expect(cellsOf(refused)[1]).toBe(`ログインID：${BULK_CREATE_MESSAGES.loginIdTaken}`);
      expect(screen.getByText(BULK_CREATE_MESSAGES.rowsRefused)).toBeInTheDocument();
      expect(createButton()).toBeDisabled();
    },
  );

  it(
    'says エラーが発生しました when the create gets no answer, and lets the staff try again',
    HEAVY,
    async () => {
      let tries = 0;
      const { fetch, user } = renderPage({
        api: {
          [CHECK]: () => checkAnswer(1),
          [CREATE]: () => {
            tries += 1;
            return { status: 500, body: { status: 'error', message: 'System Error' } };
          },
        },
      });
      await choose(user, shiftJisCsv([fileRow(1)]));
      await previewTable();
      await user.click(createButton());
      // The toast, and the same words in place.
      expect(await screen.findAllByText(BULK_CREATE_MESSAGES.failed)).toHaveLength(2);
      expect(screen.queryByText(BULK_CREATE_MESSAGES.saveFailed)).not.toBeInTheDocument();
      expect(createButton()).toBeEnabled();
      await user.click(createButton());
      expect(tries).toBe(2);
      // Both sends of the same file carry one key: had the first been done, the retry answers it.
      const [first, second] = keysSentTo(fetch, CREATE);
      expect(first).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
      expect(second).toBe(first);
      // Another file is other work, with a key of its own.
      await choose(user, shiftJisCsv([fileRow(2)], '別の企業.csv'));
      await screen.findByText('別の企業.csv：全1件。エラーはありません。');
      await user.click(createButton());
      await vi.waitFor(() => expect(keysSentTo(fetch, CREATE)).toHaveLength(3));
      expect(keysSentTo(fetch, CREATE)[2]).not.toBe(first);
    },
  );

  it('pages a long file and shows the rows with errors alone on request', HEAVY, async () => {
    const rows = Array.from({ length: 30 }, (_, index) => fileRow(index + 1));
    const { user } = renderPage({
      api: { [CHECK]: () => checkAnswer(30, { 'rows.27.company_tel': [VALIDATION_MESSAGES.phone] }) },
    });
    await choose(user, shiftJisCsv(rows));
    const table = await previewTable();
    expect(within(table).getAllByRole('rowheader')).toHaveLength(25);
    expect(screen.getByText('全30件中 1〜25件')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'エラーのある行だけ表示' }));
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['株式会社みなと商事28']);
    expect(cellsOf(within(table).getByRole('rowheader').closest('tr')!).slice(0, 2)).toEqual([
      '29',
      `電話番号：${VALIDATION_MESSAGES.phone}`,
    ]);
  });

  it('reads an Excel workbook the same way', HEAVY, async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('企業');
    sheet.addRow(HEADER);
    sheet.addRow(fileRow(1));
    const bytes = await workbook.xlsx.writeBuffer();
    const { fetch, user } = renderPage({ api: { [CHECK]: () => checkAnswer(1) } });
    await choose(user, new File([new Uint8Array(bytes)], '企業.xlsx'));
    await previewTable();
    expect(sentTo(fetch, CHECK)).toEqual([{ rows: [valuesOf(fileRow(1))] }]);
    expect(createButton()).toBeEnabled();
  });

  it('refuses a workbook whose archive unpacks past the bounds, before reading it', HEAVY, async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('企業').addRow(HEADER);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    // The same small file, whose directory says every entry unpacks to 1 GB: a zip bomb's word.
    const bomb = withDeclaredSizes(bytes, 1024 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(20_000);
    const { fetch, user } = renderPage();
    await choose(user, new File([bomb], '企業.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('ファイルの展開後のサイズが大きすぎます');
    expect(sentTo(fetch, CHECK)).toEqual([]);
    expect(screen.queryByRole('table', { name: '読み込んだ行とエラー' })).not.toBeInTheDocument();
  });

  it('refuses a file it cannot take, in place, without asking the server', HEAVY, async () => {
    const { fetch, user } = renderPage();
    await choose(
      user,
      new File([csvOf([fileRow(1)]).replace('企業名カナ', 'カナ')], '企業.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '1行目に次の列の見出しがありません：企業名カナ',
    );
    expect(sentTo(fetch, CHECK)).toEqual([]);
    expect(screen.queryByRole('button', { name: '登録する' })).not.toBeInTheDocument();
  });

  it('offers the template: the header row and an example, as a UTF-8 CSV with its BOM', async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: 'テンプレート（CSV）をダウンロード' });
    expect(link).toHaveAttribute('download', '企業一括作成テンプレート.csv');
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    const text = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    const [header, example] = text.split('\r\n');
    expect(header).toBe(`\uFEFF${HEADER.join(',')}`);
    expect(example?.startsWith('株式会社みなと商事,カブシキガイシャミナトショウジ,normal,')).toBe(true);
  });

  it('shows branch staff the 404 page', async () => {
    // React logs the error the route's boundary catches: the 404 is this test's answer.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const userType of ['branch_admin', 'branch_user'] as const) {
      const { fetch } = renderPage({ userType });
      expect(await screen.findByText('エラー 404')).toBeInTheDocument();
      expect(sentTo(fetch, CHECK)).toEqual([]);
      document.body.innerHTML = '';
    }
    logged.mockRestore();
  });
});
