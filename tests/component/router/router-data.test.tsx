import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createContext,
  createMemoryRouter,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
  Outlet,
  redirect,
  type RouteObject,
  RouterContextProvider,
  type RouterState,
  RouterProvider,
  useLoaderData,
  useLocation,
  useMatches,
  useParams,
  useRevalidator,
} from '#client/lib/router/index.ts';

/** A promise settled from outside: a loader or chunk that answers when the test says. */
function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function Layout() {
  return (
    <main>
      <p>レイアウト</p>
      <Outlet />
    </main>
  );
}

function renderRouter(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a navigation', () => {
  it('renders the matched routes at once when nothing loads', () => {
    renderRouter([{ path: '/', Component: Layout, children: [{ index: true, element: <p>トップ</p> }] }]);
    expect(screen.getByText('レイアウト')).toBeInTheDocument();
    expect(screen.getByText('トップ')).toBeInTheDocument();
  });

  it('settles at once, in the same task, when nothing loads (a change of search on a page without a loader)', () => {
    const router = renderRouter([{ path: '/', loader: undefined, element: <p>トップ</p> }]);
    void router.navigate('/?page=2');
    expect(router.state).toMatchObject({ location: { search: '?page=2' }, navigation: { state: 'idle' } });
  });

  it('runs the middleware, parents first, before any loader, with the request, params and context', async () => {
    const order: string[] = [];
    const apiKey = createContext<string>();
    const outer: MiddlewareFunction = ({ context }) => {
      order.push(`outer ${context.get(apiKey)}`);
    };
    const inner: MiddlewareFunction = async ({ params }, next) => {
      order.push(`inner before ${params.id}`);
      await next();
      order.push('inner after');
    };
    const router = createMemoryRouter(
      [
        {
          path: '/',
          middleware: [outer],
          loader: () => order.push('root loader'),
          Component: Layout,
          children: [
            {
              path: 'news/:id',
              middleware: [inner],
              loader: ({ request, params }: LoaderFunctionArgs) => {
                order.push(`news loader ${params.id} ${new URL(request.url).pathname}`);
                return null;
              },
              element: <p>記事</p>,
            },
          ],
        },
      ],
      {
        initialEntries: ['/news/7'],
        getContext: () => new RouterContextProvider(new Map([[apiKey, 'api']])),
      },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('記事');
    expect(order.slice(0, 2)).toEqual(['outer api', 'inner before 7']);
    expect(order.slice(2, 4).sort()).toEqual(['news loader 7 /news/7', 'root loader'].sort());
    expect(order[4]).toBe('inner after');
  });

  it('loads a lazy route and its loader side by side, keeping the old page on screen until both settle', async () => {
    const chunk = deferred<{ Component: () => React.JSX.Element }>();
    const data = deferred<string>();
    const lazy = vi.fn(() => chunk.promise);
    const loader = vi.fn(() => data.promise);
    function Page() {
      return <p>ページ {useLoaderData<string>()}</p>;
    }
    const router = renderRouter([
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, element: <p>トップ</p> },
          { path: 'lazy', loader, lazy },
        ],
      },
    ]);
    const navigation = act(() => router.navigate('/lazy'));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    // Both started before either settled.
    expect(lazy).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(router.state.navigation.location?.pathname).toBe('/lazy');
    data.resolve('データ');
    await act(async () => {});
    expect(screen.getByText('トップ')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    chunk.resolve({ Component: Page });
    await navigation;
    expect(screen.getByText('ページ データ')).toBeInTheDocument();
    expect(screen.queryByText('トップ')).not.toBeInTheDocument();
    expect(router.state.navigation).toEqual({ state: 'idle' });
  });

  it('runs a loader that lazy() brings once the chunk has loaded', async () => {
    const router = renderRouter([
      {
        path: '/',
        children: [
          { index: true, element: <p>トップ</p> },
          {
            path: 'lazy',
            lazy: async () => ({
              loader: () => 'チャンクのデータ',
              Component: function Page() {
                return <p>{useLoaderData<string>()}</p>;
              },
            }),
          },
        ],
      },
    ]);
    await act(() => router.navigate('/lazy'));
    expect(screen.getByText('チャンクのデータ')).toBeInTheDocument();
  });

  it('lets a newer navigation supersede an older one: its signal aborts and its result is dropped', async () => {
    const slow = deferred<string>();
    let slowSignal: AbortSignal | undefined;
    const router = renderRouter([
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, element: <p>トップ</p> },
          {
            path: 'slow',
            loader: ({ request }: LoaderFunctionArgs) => {
              slowSignal = request.signal;
              return slow.promise;
            },
            element: <p>遅いページ</p>,
          },
          { path: 'fast', loader: () => 'fast', element: <p>速いページ</p> },
        ],
      },
    ]);
    const first = router.navigate('/slow');
    await waitFor(() => expect(slowSignal).toBeDefined());
    await act(() => router.navigate('/fast'));
    expect(slowSignal?.aborted).toBe(true);
    expect(screen.getByText('速いページ')).toBeInTheDocument();
    slow.resolve('late');
    await act(() => first);
    expect(screen.getByText('速いページ')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fast');
  });

  it('keeps the old page while a middleware never settles (a full page load is under way), and lets a newer navigation win', async () => {
    const router = renderRouter([
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, element: <p>トップ</p> },
          { path: 'leaving', middleware: [() => new Promise<never>(() => {})], element: <p>去るページ</p> },
          { path: 'news', element: <p>お知らせ</p> },
        ],
      },
    ]);
    void router.navigate('/leaving');
    await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/leaving'));
    expect(screen.getByText('トップ')).toBeInTheDocument();
    await act(() => router.navigate('/news'));
    expect(screen.getByText('お知らせ')).toBeInTheDocument();
    expect(router.state.navigation.state).toBe('idle');
  });

  it('passes decoded params to loaders and components', async () => {
    const loader = vi.fn(({ params }: LoaderFunctionArgs) => params.title);
    function Article() {
      const { title } = useParams<'title'>();
      return (
        <p>
          {title} / {useLoaderData<typeof loader>()}
        </p>
      );
    }
    renderRouter(
      [{ path: '/news/:title', loader, Component: Article }],
      ['/news/%E3%81%8A%E7%9F%A5%E3%82%89%E3%81%9B'],
    );
    expect(await screen.findByText('お知らせ / お知らせ')).toBeInTheDocument();
  });

  it('gives useMatches every match with its id, pathname, params, data and handle', async () => {
    let seen: ReturnType<typeof useMatches> = [];
    function Page() {
      seen = useMatches();
      return <p>詳細</p>;
    }
    renderRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: () => ({ bank: '0182' }),
          handle: { title: 'ルート' },
          Component: Layout,
          children: [{ id: 'detail', path: 'detail/:id', handle: { title: '詳細' }, Component: Page }],
        },
      ],
      ['/detail/9'],
    );
    await screen.findByText('詳細');
    expect(seen).toEqual([
      expect.objectContaining({
        id: 'root',
        pathname: '/',
        data: { bank: '0182' },
        handle: { title: 'ルート' },
      }),
      expect.objectContaining({
        id: 'detail',
        pathname: '/detail/9',
        params: { id: '9' },
        handle: { title: '詳細' },
      }),
    ]);
  });
});

describe('redirects', () => {
  const pages = (extra: RouteObject[]): RouteObject[] => [
    {
      path: '/',
      Component: Layout,
      children: [
        { index: true, element: <p>トップ</p> },
        { path: 'dashboard', loader: () => null, element: <p>ダッシュボード</p> },
        ...extra,
      ],
    },
  ];

  it('follows a redirect a middleware throws, without rendering or loading the guarded page', async () => {
    const loader = vi.fn(() => null);
    const router = renderRouter(
      pages([
        {
          path: 'guarded',
          middleware: [
            () => {
              throw redirect('/dashboard');
            },
          ],
          loader,
          element: <p>守られたページ</p>,
        },
      ]),
    );
    await act(() => router.navigate('/guarded'));
    expect(screen.getByText('ダッシュボード')).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('follows a redirect a loader returns', async () => {
    const router = renderRouter(pages([{ path: 'mypage', loader: () => redirect('/dashboard') }]));
    await act(() => router.navigate('/mypage'));
    expect(screen.getByText('ダッシュボード')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('follows a redirect while the first page loads', async () => {
    const router = renderRouter(
      pages([
        {
          path: 'guarded',
          middleware: [
            async () => {
              throw redirect('/dashboard?from=guarded');
            },
          ],
          element: <p>守られたページ</p>,
        },
      ]),
      ['/guarded'],
    );
    expect(await screen.findByText('ダッシュボード')).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/dashboard', search: '?from=guarded' });
    expect(router.state.initialized).toBe(true);
  });

  it('keeps a replacing navigation replacing through its redirect', async () => {
    const router = renderRouter(pages([{ path: 'old', loader: () => redirect('/dashboard') }]));
    await act(() => router.navigate('/old', { replace: true }));
    expect(router.state).toMatchObject({ historyAction: 'REPLACE', location: { pathname: '/dashboard' } });
  });
});

describe('revalidation', () => {
  function countingRoutes() {
    const rootLoader = vi.fn(() => ({ loads: rootLoader.mock.calls.length }));
    const pageLoader = vi.fn(() => null);
    function Shell() {
      const { loads } = useLoaderData<typeof rootLoader>();
      const { revalidate, state } = useRevalidator();
      return (
        <div>
          <p>読み込み {loads}</p>
          <p>再検証 {state}</p>
          <button type="button" onClick={() => void revalidate()}>
            再読み込み
          </button>
          <Outlet />
        </div>
      );
    }
    const routes: RouteObject[] = [
      {
        path: '/',
        loader: rootLoader,
        Component: Shell,
        children: [
          { index: true, element: <p>トップ</p> },
          { path: 'list', loader: pageLoader, element: <p>一覧</p> },
          { path: 'other', element: <p>別のページ</p> },
        ],
      },
    ];
    return { routes, rootLoader, pageLoader };
  }

  it('does not run the root loader again on a change of path', async () => {
    const { routes, rootLoader } = countingRoutes();
    const router = renderRouter(routes);
    await screen.findByText('読み込み 1');
    await act(() => router.navigate('/other'));
    await act(() => router.navigate('/list'));
    expect(rootLoader).toHaveBeenCalledTimes(1);
    expect(screen.getByText('読み込み 1')).toBeInTheDocument();
  });

  it('runs the root loader again on a change of search', async () => {
    const { routes, rootLoader, pageLoader } = countingRoutes();
    const router = renderRouter(routes, ['/list']);
    await screen.findByText('読み込み 1');
    await act(() => router.navigate('/list?page=2'));
    expect(rootLoader).toHaveBeenCalledTimes(2);
    expect(pageLoader).toHaveBeenCalledTimes(2);
    expect(screen.getByText('読み込み 2')).toBeInTheDocument();
  });

  it('runs every current loader again on revalidate(), the location staying', async () => {
    const { routes, rootLoader, pageLoader } = countingRoutes();
    const router = renderRouter(routes, ['/list']);
    await screen.findByText('読み込み 1');
    const states: RouterState[] = [];
    router.subscribe((state) => states.push(state));
    const location = router.state.location;
    await act(async () => screen.getByRole('button', { name: '再読み込み' }).click());
    await screen.findByText('読み込み 2');
    expect(pageLoader).toHaveBeenCalledTimes(2);
    expect(rootLoader).toHaveBeenCalledTimes(2);
    expect(router.state.location).toBe(location);
    expect(states.map((state) => [state.revalidation, state.navigation.state])).toEqual([
      ['loading', 'idle'],
      ['idle', 'idle'],
    ]);
  });

  it('changes only the location on a hash change, running no loader', async () => {
    const { routes, rootLoader, pageLoader } = countingRoutes();
    const router = renderRouter(routes, ['/list']);
    await screen.findByText('読み込み 1');
    await act(() => router.navigate('/list#section'));
    expect(router.state.location.hash).toBe('#section');
    expect(rootLoader).toHaveBeenCalledTimes(1);
    expect(pageLoader).toHaveBeenCalledTimes(1);
  });
});

describe('patchRoutesOnNavigation', () => {
  function discoveringRouter(initialEntries: string[]) {
    const discover = vi.fn(
      async ({ path, patch }: { path: string; patch: (id: string, children: RouteObject[]) => void }) => {
        if (path.startsWith('/mypage/seminar')) {
          patch('layout', [{ path: '/mypage/seminar', element: <p>セミナー</p> }]);
        }
      },
    );
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: Layout,
          children: [
            {
              id: 'layout',
              children: [
                { path: '/mypage/dashboard', element: <p>ダッシュボード</p> },
                { path: '/mypage/*', element: <p>ページが見つかりません</p> },
              ],
            },
            { path: '*', element: <p>404</p> },
          ],
        },
      ],
      { initialEntries, patchRoutesOnNavigation: discover },
    );
    render(<RouterProvider router={router} />);
    return { router, discover };
  }

  it('asks for routes before matching a path only a splat answers, and ranks the patched route first', async () => {
    const { discover } = discoveringRouter(['/mypage/seminar']);
    expect(await screen.findByText('セミナー')).toBeInTheDocument();
    expect(discover).toHaveBeenCalledWith(expect.objectContaining({ path: '/mypage/seminar' }));
  });

  it('does not ask for a path a static route answers', async () => {
    const { router, discover } = discoveringRouter(['/mypage/dashboard']);
    expect(screen.getByText('ダッシュボード')).toBeInTheDocument();
    await act(() => router.navigate('/mypage/dashboard?tab=2'));
    expect(discover).not.toHaveBeenCalled();
  });

  it('keeps the 404 beside the patched routes for a path no one answers', async () => {
    const { router } = discoveringRouter(['/mypage/dashboard']);
    await act(() => router.navigate('/mypage/nothing'));
    expect(screen.getByText('ページが見つかりません')).toBeInTheDocument();
    await act(() => router.navigate('/mypage/seminar'));
    expect(screen.getByText('セミナー')).toBeInTheDocument();
  });
});

describe('router.subscribe', () => {
  it('sees each state change of a navigation, the loading one and the settled one', async () => {
    const page = deferred<null>();
    const router = renderRouter([
      { path: '/', element: <p>トップ</p> },
      { path: '/next', loader: () => page.promise, element: <p>次</p> },
    ]);
    const seen: Array<[string, string | undefined, string]> = [];
    const unsubscribe = router.subscribe((state) =>
      seen.push([state.navigation.state, state.navigation.location?.pathname, state.location.pathname]),
    );
    const navigation = act(() => router.navigate('/next'));
    page.resolve(null);
    await navigation;
    unsubscribe();
    await act(() => router.navigate('/'));
    expect(seen).toEqual([
      ['loading', '/next', '/'],
      ['idle', undefined, '/next'],
    ]);
  });

  it('tells the location key and state a navigation carries', async () => {
    const router = renderRouter([
      { path: '/', element: <p>トップ</p> },
      {
        path: '/thanks',
        Component: function Thanks() {
          return <p>{(useLocation().state as { name: string }).name}</p>;
        },
      },
    ]);
    const before = router.state.location.key;
    await act(() => router.navigate('/thanks', { state: { name: '受付完了' } }));
    expect(screen.getByText('受付完了')).toBeInTheDocument();
    expect(router.state.location.key).not.toBe(before);
    expect(router.state.historyAction).toBe('PUSH');
  });
});
