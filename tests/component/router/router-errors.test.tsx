import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  Outlet,
  type RouteObject,
  type RouterErrorHandler,
  RouterProvider,
  useLoaderData,
  useRouteError,
} from '#client/lib/router/index.ts';

function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
}

/** An ErrorBoundary that says what reached it. */
function ShowError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <p role="alert">応答 {error.status}</p>;
  return <p role="alert">エラー {error instanceof Error ? error.message : String(error)}</p>;
}

function Shell() {
  const data = useLoaderData<{ bank: string } | undefined>();
  return (
    <div>
      <p>シェル {data?.bank}</p>
      <Link to="/">トップへ</Link>
      <Outlet />
    </div>
  );
}

/** The app's shape: a root with its loader and boundary, a pathless boundary inside the shell. */
function appRoutes(pages: RouteObject[]): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: () => ({ bank: '0182' }),
      ErrorBoundary: () => <p role="alert">起動エラー</p>,
      HydrateFallback: () => <p>読み込み中</p>,
      Component: Shell,
      children: [
        {
          id: 'pages',
          ErrorBoundary: ShowError,
          children: [{ index: true, element: <p>トップ</p> }, ...pages],
        },
      ],
    },
  ];
}

function renderRouter(routes: RouteObject[], initialEntries: string[], onError?: RouterErrorHandler) {
  const router = createMemoryRouter(routes, { initialEntries });
  render(
    <StrictMode>
      <RouterProvider router={router} onError={onError} />
    </StrictMode>,
  );
  return router;
}

beforeEach(() => {
  // React logs the render errors its boundaries catch.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('errors reach the nearest ErrorBoundary', () => {
  it('shows a loader’s thrown error inside the shell, through useRouteError', async () => {
    const onError = vi.fn();
    renderRouter(
      appRoutes([
        {
          path: 'broken',
          loader: () => {
            throw new Error('読めません');
          },
          element: <p>壊れたページ</p>,
        },
      ]),
      ['/broken'],
      onError,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('エラー 読めません');
    expect(screen.getByText('シェル 0182')).toBeInTheDocument();
    expect(screen.queryByText('壊れたページ')).not.toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: '読めません' }),
      expect.objectContaining({ pattern: '/broken' }),
    );
  });

  it('shows a middleware’s thrown error below the routes whose data stays', async () => {
    const router = renderRouter(
      appRoutes([
        {
          path: 'denied',
          middleware: [
            () => {
              throw new Error('権限がありません');
            },
          ],
          element: <p>禁止ページ</p>,
        },
      ]),
      ['/'],
    );
    await screen.findByText('トップ');
    await act(() => router.navigate('/denied'));
    expect(screen.getByRole('alert')).toHaveTextContent('エラー 権限がありません');
    expect(screen.getByText('シェル 0182')).toBeInTheDocument();
  });

  it('shows a middleware’s error of the first page at the root, whose loader did not run', async () => {
    renderRouter(
      appRoutes([
        {
          path: 'denied',
          middleware: [
            () => {
              throw new Error('権限がありません');
            },
          ],
          element: <p>禁止ページ</p>,
        },
      ]),
      ['/denied'],
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('起動エラー');
  });

  it('answers a URL no route matches with a 404 route error response', async () => {
    const routes: RouteObject[] = [{ path: '/', ErrorBoundary: ShowError, element: <p>トップ</p> }];
    const router = renderRouter(routes, ['/nothing']);
    expect(screen.getByRole('alert')).toHaveTextContent('応答 404');
    await act(() => router.navigate('/'));
    expect(screen.getByText('トップ')).toBeInTheDocument();
    await act(() => router.navigate('/still/nothing'));
    expect(screen.getByRole('alert')).toHaveTextContent('応答 404');
    expect(router.state.errors).toEqual({ '0': expect.objectContaining({ status: 404, internal: true }) });
  });

  it('gives a thrown Response to the boundary as a route error response', async () => {
    renderRouter(
      appRoutes([
        {
          path: 'gone',
          loader: () => {
            throw new Response('ありません', { status: 410 });
          },
        },
      ]),
      ['/gone'],
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('応答 410');
  });

  it('reports a lazy chunk that will not load to the boundary and to onError, once', async () => {
    const onError = vi.fn();
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/page.js');
    const router = renderRouter(
      appRoutes([{ path: 'lazy/:id', lazy: () => Promise.reject(chunkError) }]),
      ['/'],
      onError,
    );
    await screen.findByText('トップ');
    await act(() => router.navigate('/lazy/3'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(
      chunkError,
      expect.objectContaining({ pattern: '/lazy/:id', params: { id: '3' } }),
    );
  });

  it('shows a loader’s error in the ErrorBoundary its route’s lazy() brought', async () => {
    renderRouter(
      appRoutes([
        {
          path: 'lazy',
          loader: () => {
            throw new Error('データがありません');
          },
          lazy: async () => ({
            Component: () => <p>ページ</p>,
            ErrorBoundary: () => <p role="alert">ページのエラー</p>,
          }),
        },
      ]),
      ['/lazy'],
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('ページのエラー');
    expect(screen.getByText('シェル 0182')).toBeInTheDocument();
  });

  it('tries a lazy() that failed again on the next navigation to its route', async () => {
    const lazy = vi
      .fn<() => Promise<{ Component: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/page.js'))
      .mockResolvedValue({ Component: () => <p>読み込めたページ</p> });
    const router = renderRouter(appRoutes([{ path: 'lazy', lazy }]), ['/']);
    await screen.findByText('トップ');
    await act(() => router.navigate('/lazy'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/lazy'));
    expect(screen.getByText('読み込めたページ')).toBeInTheDocument();
    expect(lazy).toHaveBeenCalledTimes(2);
  });

  it('catches an error thrown while rendering, reports it with React’s stack, and clears it elsewhere', async () => {
    const onError = vi.fn();
    function Crash(): never {
      throw new Error('描画できません');
    }
    renderRouter(appRoutes([{ path: 'crash', Component: Crash }]), ['/crash'], onError);
    expect(await screen.findByRole('alert')).toHaveTextContent('エラー 描画できません');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: '描画できません' }),
      expect.objectContaining({
        pattern: '/crash',
        errorInfo: expect.objectContaining({ componentStack: expect.any(String) }),
      }),
    );
    await act(async () => screen.getByRole('link', { name: 'トップへ' }).click());
    expect(screen.getByText('トップ')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the first load', () => {
  it('shows the HydrateFallback until the root loader settles, then the page (in StrictMode)', async () => {
    const startup = deferred<{ bank: string }>();
    const routes = appRoutes([]);
    routes[0]!.loader = () => startup.promise;
    renderRouter(routes, ['/']);
    expect(screen.getByText('読み込み中')).toBeInTheDocument();
    expect(screen.queryByText('トップ')).not.toBeInTheDocument();
    await act(async () => startup.resolve({ bank: '0158' }));
    expect(screen.getByText('シェル 0158')).toBeInTheDocument();
    expect(screen.getByText('トップ')).toBeInTheDocument();
    expect(screen.queryByText('読み込み中')).not.toBeInTheDocument();
  });

  it('runs each loader once in StrictMode', async () => {
    const loader = vi.fn(() => ({ bank: '0182' }));
    const routes = appRoutes([]);
    routes[0]!.loader = loader;
    renderRouter(routes, ['/']);
    await screen.findByText('トップ');
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
