import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { successEnvelope } from '#server/contracts/envelope.ts';
import {
  type ApiClientOptions,
  createApiClient,
  resultOf,
  UNAUTHORIZED_MESSAGE,
  UNEXPECTED_ERROR_LOG,
} from '#client/lib/request/api-client.ts';
import { fileRequest } from '#client/lib/request/file-request.ts';
import {
  DEFAULT_ERROR_MESSAGE,
  errorMessageOf,
  HttpError,
  RequestFailedError,
} from '#client/lib/request/http-error.ts';
import { listRequest } from '#client/lib/request/list-request.ts';
import { saveRequest } from '#client/lib/request/save-request.ts';

const API_BASE = 'https://api.bank0182.example';
const itemSchema = successEnvelope(z.object({ id: z.int(), name: z.string() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Setup {
  /** The path the visitor is on (window.location.pathname). */
  at?: string;
  /** The page the visitor came from. */
  from?: string | null;
  credential?: string | null;
  answer?: () => Response | Promise<Response>;
}

function setup({ at = '/mypage/dashboard', from = null, credential = null, answer }: Setup = {}) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => (answer ? answer() : json(200, {})));
  const options = {
    baseUrl: () => Promise.resolve(API_BASE),
    fetch,
    reporter: { captureException: vi.fn(), captureMessage: vi.fn() },
    credentials: { read: () => credential },
    navigation: { currentPath: () => at, previousPath: () => from },
    showErrorPage: vi.fn(),
    logError: vi.fn(),
  } satisfies ApiClientOptions;
  const api = createApiClient(options);
  const sent = () => {
    const [url, init] = fetch.mock.calls[0] ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { api, sent, ...options };
}

describe('request layer: what every request sends', () => {
  it('sends JSON content type, the X-Requested-With marker and the session cookie of the same origin', async () => {
    const { api, sent } = setup({
      answer: () => json(200, { status: 'success', result: { id: 1, name: 'a' } }),
    });
    await api.request('/api/v1/news/1', { schema: itemSchema });

    const { url, init, headers } = sent();
    expect(url).toBe(`${API_BASE}/api/v1/news/1`);
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('sends no Authorization header when no credential is stored', async () => {
    const { api, sent } = setup({
      answer: () => json(200, { status: 'success', result: { id: 1, name: 'a' } }),
    });
    await api.request('/api/v1/news/1', { schema: itemSchema });
    expect(sent().headers.has('authorization')).toBe(false);
  });

  it('sends the stored credential as a Bearer Authorization header', async () => {
    const { api, sent } = setup({
      credential: 'id-token-of-the-app',
      answer: () => json(200, { status: 'success', result: { id: 1, name: 'a' } }),
    });
    await api.request('/api/v1/news/1', { schema: itemSchema });
    expect(sent().headers.get('authorization')).toBe('Bearer id-token-of-the-app');
  });

  it('sends a body as JSON and query parameters in the URL, leaving out empty ones', async () => {
    const { api, sent } = setup({
      answer: () => json(200, { status: 'success', result: { id: 1, name: 'a' } }),
    });
    await api.request('/api/v1/news', {
      method: 'POST',
      body: { title: 'お知らせ' },
      query: { bank_code: '0182', page: 2, draft: undefined },
      schema: itemSchema,
    });
    const { url, init } = sent();
    expect(url).toBe(`${API_BASE}/api/v1/news?bank_code=0182&page=2`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ title: 'お知らせ' });
  });

  it('waits for the API base before sending anything', async () => {
    let resolveBase: (url: string) => void = () => {};
    const base = new Promise<string>((resolve) => (resolveBase = resolve));
    const { fetch, sent, ...options } = setup({
      answer: () => json(200, { status: 'success', result: { id: 1, name: 'a' } }),
    });
    const api = createApiClient({ ...options, fetch, baseUrl: () => base });
    const pending = api.request('/api/v1/news/1', { schema: itemSchema });
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    resolveBase('https://elsewhere.example/');
    await pending;
    expect(sent().url).toBe('https://elsewhere.example/api/v1/news/1');
  });
});

describe('request layer: answers by status (spec section 8)', () => {
  it('200: answers the body data only, parsed with the caller schema', async () => {
    const { api } = setup({
      answer: () => json(200, { status: 'success', result: { id: 7, name: 'セミナー', extra: 'dropped' } }),
    });
    await expect(api.request('/api/v1/seminar/7', { schema: itemSchema })).resolves.toEqual({
      status: 'success',
      result: { id: 7, name: 'セミナー' },
    });
  });

  it('200 with a body that does not match the schema: throws instead of answering something else', async () => {
    const { api } = setup({ answer: () => json(200, { status: 'success', result: { id: 'seven' } }) });
    await expect(api.request('/api/v1/seminar/7', { schema: itemSchema })).rejects.toThrow();
  });

  it.each([400, 403, 500])('%i: answers nothing, quietly, and reports the error', async (status) => {
    const { api, reporter, showErrorPage, logError } = setup({
      answer: () => json(status, { status: 'error', message: 'だめです' }),
    });
    await expect(api.request('/api/v1/news/1', { schema: itemSchema })).resolves.toBeUndefined();
    expect(reporter.captureException).toHaveBeenCalledTimes(1);
    expect(showErrorPage).not.toHaveBeenCalled();
    expect(logError).not.toHaveBeenCalled();
  });

  it('401 elsewhere: shows the 401 error page with 認証エラー and does not report it', async () => {
    const { api, reporter, showErrorPage } = setup({
      at: '/mypage/news',
      answer: () => json(401, { status: 'error', message: 'ログインが必要です' }),
    });
    await expect(api.request('/api/v1/news/1', { schema: itemSchema })).resolves.toBeUndefined();
    expect(showErrorPage).toHaveBeenCalledWith({ status: 401, message: UNAUTHORIZED_MESSAGE });
    expect(UNAUTHORIZED_MESSAGE).toBe('認証エラー');
    expect(reporter.captureException).not.toHaveBeenCalled();
  });

  it('401 on the root path: is ignored', async () => {
    const { api, showErrorPage, reporter } = setup({ at: '/', answer: () => json(401, { status: 'error' }) });
    await expect(api.request('/api/v1/news/1', { schema: itemSchema })).resolves.toBeUndefined();
    expect(showErrorPage).not.toHaveBeenCalled();
    expect(reporter.captureException).not.toHaveBeenCalled();
  });

  it.each(['/login', '/logout'])('401 when arriving from %s: is ignored', async (from) => {
    const { api, showErrorPage } = setup({ at: '/mypage/dashboard', from, answer: () => json(401, {}) });
    await expect(api.request('/api/v1/news/1', { schema: itemSchema })).resolves.toBeUndefined();
    expect(showErrorPage).not.toHaveBeenCalled();
  });

  it('401 for a caller that reads it itself (the current user): answers nothing and shows no page', async () => {
    const { api, showErrorPage } = setup({ at: '/page/rule', answer: () => json(401, {}) });
    await expect(
      api.request('/api/v1/user/me', { schema: itemSchema, onUnauthorized: 'answer-nothing' }),
    ).resolves.toBeUndefined();
    expect(showErrorPage).not.toHaveBeenCalled();
  });

  it('404: answers nothing, logs 予期せぬエラー発生 and does not report it', async () => {
    const { api, reporter, logError } = setup({ answer: () => json(404, { status: 'error' }) });
    await expect(api.request('/api/v1/news/1', { schema: itemSchema })).resolves.toBeUndefined();
    expect(logError).toHaveBeenCalledWith(UNEXPECTED_ERROR_LOG, expect.objectContaining({ status: 404 }));
    expect(UNEXPECTED_ERROR_LOG).toBe('予期せぬエラー発生');
    expect(reporter.captureException).not.toHaveBeenCalled();
  });

  it('404 for a command whose subject can be gone (onNotFound refusal): answers its message, quietly', async () => {
    const body = { status: 'error', message: '入力内容の保存期間（24時間）が過ぎました。' };
    const { api, reporter, logError, showErrorPage } = setup({ answer: () => json(404, body) });
    await expect(
      saveRequest(api, '/api/v1/register/drafts', {}, { method: 'PUT', onNotFound: 'refusal' }),
    ).resolves.toEqual({ status: 'error', message: body.message, fieldErrors: {}, errorMessages: [] });
    expect(logError).not.toHaveBeenCalled();
    expect(reporter.captureException).not.toHaveBeenCalled();
    expect(showErrorPage).not.toHaveBeenCalled();
  });

  it.each([405, 422])('%i: answers the error body to the caller and reports it', async (status) => {
    const body = {
      status: 'error',
      message: 'この端末からはアクセスできません。',
      errors: { email: ['メールアドレスが正しくありません'] },
    };
    const { api, reporter, showErrorPage } = setup({ answer: () => json(status, body) });
    await expect(api.request('/api/v1/news', { method: 'POST', schema: itemSchema })).resolves.toEqual(body);
    expect(reporter.captureException).toHaveBeenCalledTimes(1);
    expect(showErrorPage).not.toHaveBeenCalled();
  });

  it('422 without an envelope: answers an error envelope carrying the body text', async () => {
    const { api } = setup({ answer: () => new Response('利用時間外です', { status: 422 }) });
    await expect(api.request('/api/v1/news', { schema: itemSchema })).resolves.toEqual({
      status: 'error',
      message: '利用時間外です',
    });
  });

  it('network error: answers nothing, quietly, and reports the error', async () => {
    const { api, reporter, logError } = setup({
      answer: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(api.request('/api/v1/news/1', { schema: itemSchema })).resolves.toBeUndefined();
    expect(reporter.captureException).toHaveBeenCalledWith(
      expect.any(TypeError),
      expect.objectContaining({ tags: expect.objectContaining({ status: 'network' }) }),
    );
    expect(logError).not.toHaveBeenCalled();
  });

  it('429: logs 予期せぬエラー発生 and reports it, and answers its message (when to try again)', async () => {
    const body = { status: 'error', message: 'しばらくしてから再度お試しください。' };
    const { api, reporter, logError } = setup({ answer: () => json(429, body) });
    await expect(api.request('/api/v1/reminder', { method: 'POST', schema: itemSchema })).resolves.toEqual(
      body,
    );
    expect(logError).toHaveBeenCalledWith('予期せぬエラー発生', expect.objectContaining({ status: 429 }));
    expect(reporter.captureException).toHaveBeenCalledTimes(1);
  });

  it.each([409, 502, 503])('other (%i): logs 予期せぬエラー発生 and reports it', async (status) => {
    const { api, reporter, logError } = setup({ answer: () => json(status, { status: 'error' }) });
    await expect(api.request('/api/v1/news/1', { schema: itemSchema })).resolves.toBeUndefined();
    expect(logError).toHaveBeenCalledWith('予期せぬエラー発生', expect.objectContaining({ status }));
    expect(reporter.captureException).toHaveBeenCalledTimes(1);
  });

  it('a cancelled request is not a failure: the abort reaches the caller and nothing is reported', async () => {
    const controller = new AbortController();
    const { api, reporter } = setup({
      answer: () => {
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      },
    });
    await expect(
      api.request('/api/v1/news/1', { schema: itemSchema, signal: controller.signal }),
    ).rejects.toThrow('aborted');
    expect(reporter.captureException).not.toHaveBeenCalled();
  });
});

describe('request layer: error messages', () => {
  it('uses エラーが発生しました by default, the body message for an error with a body, the string for a string error', () => {
    expect(DEFAULT_ERROR_MESSAGE).toBe('エラーが発生しました');
    expect(errorMessageOf(new Error('internal detail'))).toBe('エラーが発生しました');
    expect(errorMessageOf({ body: { message: '保存できません' } })).toBe('保存できません');
    expect(errorMessageOf({ body: { error_message: '重複しています' } })).toBe('重複しています');
    expect(errorMessageOf({ body: {} })).toBe('エラーが発生しました');
    expect(errorMessageOf('時間外です')).toBe('時間外です');
    expect(errorMessageOf(new HttpError(500, undefined, { body: { message: 'System Error' } }))).toBe(
      'System Error',
    );
  });

  it('reports the failing call with the body message', async () => {
    const { api, reporter } = setup({
      answer: () => json(500, { status: 'error', message: 'System Error' }),
    });
    await api.request('/api/v1/news/1', { schema: itemSchema });
    expect(reporter.captureException).toHaveBeenCalledWith(
      expect.any(Error),
      expect.objectContaining({ extra: expect.objectContaining({ message: 'System Error' }) }),
    );
  });

  it('resultOf answers the result of a success and throws RequestFailedError otherwise', async () => {
    expect(resultOf('/x', { status: 'success', result: 3 })).toBe(3);
    expect(() => resultOf('/x', undefined)).toThrow(RequestFailedError);
    expect(() => resultOf('/x', { status: 'error', message: 'no' })).toThrow(RequestFailedError);
  });
});

describe('generic save (spec section 7)', () => {
  it('POSTs the data by default and answers the result and message of a success', async () => {
    const { api, sent } = setup({
      answer: () => json(200, { status: 'success', result: { id: 5 }, message: '保存しました' }),
    });
    const outcome = await saveRequest(
      api,
      '/api/v1/company/save',
      { name: '株式会社しおさい' },
      {
        resultSchema: z.object({ id: z.int() }),
      },
    );
    expect(sent().init.method).toBe('POST');
    expect(JSON.parse(String(sent().init.body))).toEqual({ name: '株式会社しおさい' });
    expect(outcome).toEqual({ status: 'success', result: { id: 5 }, message: '保存しました' });
  });

  it('uses the method it is given', async () => {
    const { api, sent } = setup({ answer: () => json(200, { status: 'success', result: null }) });
    await saveRequest(api, '/api/v1/company/5', { name: 'a' }, { method: 'PUT' });
    expect(sent().init.method).toBe('PUT');
  });

  it('reads error_message, errors and result.error_messages of a refused save', async () => {
    const { api } = setup({
      answer: () =>
        json(422, {
          status: 'error',
          message: '入力内容を確認してください',
          error_message: '3行目が登録できません',
          errors: { name: ['必須入力項目です'] },
          result: { error_messages: ['3行目: 会社名が重複しています'] },
        }),
    });
    await expect(saveRequest(api, '/api/v1/company/create_all', [])).resolves.toEqual({
      status: 'error',
      message: '3行目が登録できません',
      fieldErrors: { name: ['必須入力項目です'] },
      errorMessages: [],
    });
  });

  it('reads result.error_messages of a save answered with status "error"', async () => {
    const { api } = setup({
      answer: () =>
        json(200, { status: 'error', message: '一部登録できません', result: { error_messages: ['3行目'] } }),
    });
    await expect(saveRequest(api, '/api/v1/company/create_all', [])).resolves.toEqual({
      status: 'error',
      message: '一部登録できません',
      fieldErrors: {},
      errorMessages: ['3行目'],
    });
  });

  it('answers an error with the default message when the request failed quietly', async () => {
    const { api } = setup({ answer: () => json(500, { status: 'error', message: 'System Error' }) });
    await expect(saveRequest(api, '/api/v1/company/save', {})).resolves.toEqual({
      status: 'error',
      message: 'エラーが発生しました',
      fieldErrors: {},
      errorMessages: [],
    });
  });
});

describe('generic list (spec section 7)', () => {
  const paging = {
    total_rows: 1,
    total_pages: 1,
    page: 1,
    rows: 100,
    is_first_page: true,
    prev_page: null,
    is_last_page: true,
    next_page: null,
  };
  const newsItem = z.object({ id: z.int(), title: z.string() });

  it('POSTs rows 100, page 1 and the conditions by default, and answers list and paging data', async () => {
    const { api, sent } = setup({
      answer: () =>
        json(200, { status: 'success', result: { list: [{ id: 1, title: '新着' }], paging_data: paging } }),
    });
    const page = await listRequest(
      api,
      '/api/v1/news/search',
      { conditions: { only_unread: true } },
      { itemSchema: newsItem },
    );
    expect(sent().init.method).toBe('POST');
    expect(JSON.parse(String(sent().init.body))).toEqual({
      rows: 100,
      page: 1,
      conditions: { only_unread: true },
    });
    expect(page).toEqual({ list: [{ id: 1, title: '新着' }], pagingData: paging });
  });

  it('sends rows, page and conditions as query parameters with GET', async () => {
    const { api, sent } = setup({
      answer: () => json(200, { status: 'success', result: { list: [], paging_data: paging } }),
    });
    await listRequest(
      api,
      '/api/v1/cso/search',
      { rows: 25, page: 3, conditions: { keyword: '補助金' } },
      { itemSchema: newsItem, method: 'GET' },
    );
    const url = new URL(sent().url);
    expect(sent().init.method).toBe('GET');
    expect(Object.fromEntries(url.searchParams)).toEqual({ keyword: '補助金', rows: '25', page: '3' });
  });

  it('throws RequestFailedError when the list could not be loaded, so the page shows its message', async () => {
    const { api } = setup({ answer: () => json(500, { status: 'error' }) });
    await expect(
      listRequest(api, '/api/v1/news/search', {}, { itemSchema: newsItem }),
    ).rejects.toBeInstanceOf(RequestFailedError);
  });

  it('throws when a list item does not match the schema (never an empty list)', async () => {
    const { api } = setup({
      answer: () => json(200, { status: 'success', result: { list: [{ id: 'x' }], paging_data: paging } }),
    });
    await expect(listRequest(api, '/api/v1/news/search', {}, { itemSchema: newsItem })).rejects.toThrow();
  });
});

describe('file fetch (spec section 7)', () => {
  it('GETs a PDF and answers it as a Blob', async () => {
    const { api, sent } = setup({
      answer: () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    const file = await fileRequest(api, '/api/v1/charge/invoice', { query: { month: '2025-04' } });
    expect(sent().init.method).toBe('GET');
    expect(sent().url).toBe(`${API_BASE}/api/v1/charge/invoice?month=2025-04`);
    expect(await file.text()).toBe('%PDF-1.7');
  });

  it('throws RequestFailedError when the file could not be fetched', async () => {
    const { api } = setup({ answer: () => json(403, { status: 'error' }) });
    await expect(fileRequest(api, '/api/v1/charge/invoice')).rejects.toBeInstanceOf(RequestFailedError);
  });
});
