import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_MARK_KEY, createChunkReloadGuard } from '#client/app/chunk-reload.ts';
import { createErrorPageStore } from '#client/app/error-pages/error-page-store.ts';
import { createNavigationHistory } from '#client/app/navigation-history.ts';
import { createMemoryRouter, type RouteObject, RouterProvider } from '#client/lib/router/index.ts';

// The app follows the router's state from outside React (client/src/app/start-app.tsx): where the
// visitor came from, the request layer's error page, the chunk-reload mark. They read
// router.subscribe and router.state; these check they get what they read from the own router.

function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
}

const ROUTES: RouteObject[] = [
  { path: '/', element: <p>トップ</p> },
  { path: '/news', element: <p>お知らせ</p> },
  {
    path: '/broken',
    loader: () => Promise.reject(new Error('壊れています')),
    ErrorBoundary: () => <p>エラー</p>,
  },
];

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the app’s followers of the own router', () => {
  it('tell the previous path after a navigation (navigation-history.ts)', async () => {
    const router = createMemoryRouter(ROUTES);
    render(<RouterProvider router={router} />);
    const history = createNavigationHistory(window.location, '');
    const stop = history.follow(router);
    await act(() => router.navigate('/news'));
    expect(history.previousPath()).toBe(window.location.pathname);
    stop();
    router.dispose();
  });

  it('keep the error page a loader asked for on the page it loaded, and clear it elsewhere (error-page-store.ts)', async () => {
    const slow = deferred<null>();
    const router = createMemoryRouter([
      ...ROUTES,
      { path: '/slow', loader: () => slow.promise, element: <p>遅いページ</p> },
    ]);
    render(<RouterProvider router={router} />);
    const pages = createErrorPageStore();
    const stop = pages.follow(router);
    const arriving = router.navigate('/slow');
    // The request layer meets a 401 while the page loads: the page is the navigation's target.
    pages.show({ status: 401 });
    slow.resolve(null);
    await act(() => arriving);
    expect(screen.getByText('遅いページ')).toBeInTheDocument();
    expect(pages.current()).toEqual({ status: 401 });
    await act(() => router.navigate('/news'));
    expect(pages.current()).toBeNull();
    stop();
    router.dispose();
  });

  it('forget the chunk-reload mark once a navigation settles without errors, and only then (chunk-reload.ts)', async () => {
    const router = createMemoryRouter(ROUTES);
    render(<RouterProvider router={router} />);
    const guard = createChunkReloadGuard(() => {});
    const stop = guard.follow(router);
    window.sessionStorage.setItem(CHUNK_RELOAD_MARK_KEY, 'marked');
    await act(() => router.navigate('/broken'));
    expect(screen.getByText('エラー')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_MARK_KEY)).not.toBeNull();
    await act(() => router.navigate('/news'));
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_MARK_KEY)).toBeNull();
    stop();
    router.dispose();
  });
});
