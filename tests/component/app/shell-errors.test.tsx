import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from '#client/lib/router/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { App } from '#client/app/app.tsx';
import { AppShell } from '#client/app/app-shell.tsx';
import { CHUNK_RELOAD_MARK_KEY, createChunkReloadGuard } from '#client/app/chunk-reload.ts';
import { createErrorPageStore } from '#client/app/error-pages/error-page-store.ts';
// Loaded up front: the app loads the error page lazily, and the 3 s timing below starts when it shows.
import '#client/app/error-pages/error-page.tsx';
import { RouteErrorPage } from '#client/app/error-pages/route-error-page.tsx';
import { PageLocationContext } from '#client/lib/page-location.ts';
import { createApiClient } from '#client/lib/request/api-client.ts';
import { HttpError } from '#client/lib/request/http-error.ts';
import { successEnvelope } from '#server/contracts/envelope.ts';
import { config0182 } from '../fixtures/app-configs.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const CHUNK_ERROR_MESSAGE =
  'Failed to fetch dynamically imported module: https://bank0182.example/assets/news-page-1a2b3c.js';

/**
 * The app as start-app.tsx wires it, over a memory router whose pages fail in each way a page can:
 * a request answered 401, a thrown HttpError, a chunk that will not load.
 */
function renderApp(path: string, answer: () => Response = () => json(401, { status: 'error' })) {
  const reporter = { captureException: vi.fn(), captureMessage: vi.fn() };
  const errorPages = createErrorPageStore();
  const reload = vi.fn();
  const chunkReload = createChunkReloadGuard(reload);
  const api = createApiClient({
    baseUrl: () => 'https://bank0182.example',
    fetch: async () => answer(),
    reporter,
    credentials: { read: () => null },
    navigation: { currentPath: () => path, previousPath: () => null },
    showErrorPage: errorPages.show,
    logError: vi.fn(),
  });
  // What start-up would have loaded: bank 0182's config, nobody logged in.
  const startupData = { config: config0182(), user: null };

  const routes: RouteObject[] = [
    {
      path: '/',
      loader: () => startupData,
      element: <AppShell errorPages={errorPages} forgetUser={() => {}} />,
      children: [
        {
          ErrorBoundary: () => <RouteErrorPage chunkReload={chunkReload} />,
          children: [
            { index: true, element: <p>top page</p> },
            {
              path: 'mypage/news',
              loader: async () => {
                await api.request('/api/v1/news/recent', { schema: successEnvelope(z.array(z.string())) });
                return null;
              },
              element: <p>news page</p>,
            },
            {
              path: 'mypage/company',
              loader: () => {
                throw new HttpError(403);
              },
            },
            {
              path: 'mypage/broken',
              loader: () => {
                throw new HttpError(
                  500,
                  'システム内でエラーが発生しました。お手数ですが時間をおいて再度アクセスしてください。',
                );
              },
            },
            {
              path: 'mypage/seminar',
              lazy: () => Promise.reject(new TypeError(CHUNK_ERROR_MESSAGE)),
            },
          ],
        },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const location = { assign: vi.fn(), reload: vi.fn() };
  render(
    <PageLocationContext value={location}>
      <App router={router} api={api} reporter={reporter} chunkReload={chunkReload} />
    </PageLocationContext>,
  );
  const stopFollowing = [errorPages.follow(router), chunkReload.follow(router)];
  return { router, reporter, reload, location, stop: () => stopFollowing.forEach((stop) => stop()) };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe("the request layer's 401 page, shown through the router", () => {
  it('shows ログインが必要です with 認証エラー in place of the page, then leaves for /logout?to=login after 3 s', async () => {
    // Fake timers that also follow real time, so the router and Testing Library still get on.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = renderApp('/mypage/news');
    await screen.findByRole('heading', { level: 1, name: 'ログインが必要です' });
    expect(screen.getByText('認証エラー')).toBeDefined();
    expect(screen.getByText('3秒後にログインページに遷移されます')).toBeDefined();
    expect(location.assign).not.toHaveBeenCalled();
    // The page is on screen; let React run its effects (the redirect timer) before time passes.
    await act(async () => {});
    // Real time also moves the fake clock on: allow it a little between the timer's start and here.
    act(() => vi.advanceTimersByTime(2_800));
    expect(location.assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(location.assign).toHaveBeenCalledExactlyOnceWith('/logout?to=login');
  });

  it('is gone once the visitor goes elsewhere, and the redirect with it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, location } = renderApp('/mypage/news');
    await screen.findByRole('heading', { level: 1, name: 'ログインが必要です' });
    await act(async () => {});
    await act(() => router.navigate('/'));
    expect(screen.getByText('top page')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'ログインが必要です' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('is not shown for a 401 on the root path', async () => {
    renderApp('/', () => json(401, {}));
    await screen.findByText('top page');
    expect(screen.queryByRole('heading', { name: 'ログインが必要です' })).not.toBeInTheDocument();
  });
});

describe('errors thrown by a route', () => {
  it('an HttpError shows the page of its status, in the bank theme, and a 403 is reported', async () => {
    const { reporter } = renderApp('/mypage/company');
    await screen.findByRole('heading', { level: 1, name: '権限がありません' });
    expect(reporter.captureException).toHaveBeenCalledWith(expect.any(HttpError), expect.anything());
  });

  it('a 500 shows System Error with its message', async () => {
    renderApp('/mypage/broken');
    await screen.findByRole('heading', { level: 1, name: 'System Error' });
    expect(
      screen.getByText(
        'システム内でエラーが発生しました。お手数ですが時間をおいて再度アクセスしてください。',
      ),
    ).toBeDefined();
  });
});

describe('chunk-load failure during navigation (spec section 8)', () => {
  it('reloads the page, reports the failure and shows the spinner meanwhile', async () => {
    const { router, reload, reporter } = renderApp('/');
    await screen.findByText('top page');
    await act(() => router.navigate('/mypage/seminar'));

    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_MARK_KEY)).not.toBeNull();
    expect(reporter.captureException).toHaveBeenCalledWith(
      expect.objectContaining({ message: CHUNK_ERROR_MESSAGE }),
      expect.objectContaining({ tags: expect.objectContaining({ kind: 'chunk-load' }) }),
    );
    expect(screen.getByRole('status').textContent).toContain('読み込み中');
  });

  it('reloads only once: when the chunk still fails after the reload, the error page shows', async () => {
    // What the first failure left behind before it reloaded the page.
    window.sessionStorage.setItem(CHUNK_RELOAD_MARK_KEY, '2025-04-01T09:00:00.000Z');
    const { reload } = renderApp('/mypage/seminar');
    await screen.findByRole('heading', { level: 1, name: 'エラーが発生しました。' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('forgets the reload once a navigation succeeds, so a later failure may reload again', async () => {
    window.sessionStorage.setItem(CHUNK_RELOAD_MARK_KEY, '2025-04-01T09:00:00.000Z');
    const { router } = renderApp('/', () => json(200, { status: 'success', result: [] }));
    await screen.findByText('top page');
    await act(() => router.navigate('/mypage/news'));
    await screen.findByText('news page');
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_MARK_KEY)).toBeNull();
  });

  it('does not reload without session storage, since nothing could stop a loop', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { router, reload } = renderApp('/');
    await screen.findByText('top page');
    await act(() => router.navigate('/mypage/seminar'));
    expect(reload).not.toHaveBeenCalled();
    await screen.findByRole('heading', { level: 1, name: 'エラーが発生しました。' });
  });
});
