import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  Navigate,
  Outlet,
  type RouteObject,
  type Router,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useSearchParams,
} from '#client/lib/router/index.ts';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${search}${hash}`}</p>;
}

function Layout() {
  return (
    <div>
      <ScrollRestoration />
      <Where />
      <Outlet />
    </div>
  );
}

const routesWith = (pages: RouteObject[]): RouteObject[] => [
  { path: '/', Component: Layout, children: pages },
];

const where = () => screen.getByTestId('where').textContent;

let routers: Router[] = [];
function renderMemory(routes: RouteObject[], initialEntries = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  routers.push(router);
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // jsdom does no layout: scrolling is the position the page was last sent to.
  let y = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  scrollTo = vi.fn((_x: number, top: number) => {
    y = top;
  });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  // jsdom says so when a test lets a link leave the page.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  for (const router of routers) router.dispose();
  routers = [];
  vi.restoreAllMocks();
});

describe('Link', () => {
  const pages = routesWith([
    {
      index: true,
      element: (
        <>
          <Link to="/news?page=2#top" state={{ from: 'top' }}>
            お知らせ
          </Link>
          <Link to={{ pathname: '/news', search: '?page=3' }} replace>
            3ページ目
          </Link>
          <Link to="/" className="home">
            トップ
          </Link>
          <Link to="/news" target="_blank">
            新しいタブ
          </Link>
          <Link to="/files/a.pdf" download>
            ダウンロード
          </Link>
          <Link to="https://www.example.com/help">外部サイト</Link>
          <Link to="http://localhost:3000/news">同じオリジン</Link>
          <Link to="/login" reloadDocument>
            ログイン
          </Link>
        </>
      ),
    },
    { path: 'news', element: <p>お知らせ一覧</p> },
  ]);

  it('navigates inside the app on a plain click, with its state', async () => {
    const router = renderMemory(pages);
    const link = screen.getByRole('link', { name: 'お知らせ' });
    expect(link).toHaveAttribute('href', '/news?page=2#top');
    await act(async () => {
      expect(fireEvent.click(link)).toBe(false);
    });
    expect(where()).toBe('/news?page=2#top');
    expect(router.state).toMatchObject({ historyAction: 'PUSH', location: { state: { from: 'top' } } });
  });

  it('replaces the entry when asked, and when the link goes where the visitor is', async () => {
    const router = renderMemory(pages);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'トップ' })));
    expect(router.state.historyAction).toBe('REPLACE');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '3ページ目' })));
    expect(router.state).toMatchObject({
      historyAction: 'REPLACE',
      location: { pathname: '/news', search: '?page=3' },
    });
  });

  it.each([
    ['a modifier key', 'お知らせ', { ctrlKey: true }],
    ['shift', 'お知らせ', { shiftKey: true }],
    ['the middle button', 'お知らせ', { button: 1 }],
    ['a target', '新しいタブ', {}],
    ['download', 'ダウンロード', {}],
    ['another origin', '外部サイト', {}],
    ['reloadDocument', 'ログイン', {}],
  ])('leaves a click with %s to the browser', async (_case, name, init) => {
    const router = renderMemory(pages);
    const link = screen.getByRole('link', { name });
    // Whether the router left the click alone; then the test keeps jsdom from following it.
    const leftToBrowser = vi.fn();
    const listener = (event: MouseEvent) => {
      leftToBrowser(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', listener);
    await act(async () => {
      fireEvent.click(link, init);
    });
    window.removeEventListener('click', listener);
    expect(leftToBrowser).toHaveBeenCalledWith(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the attributes it is given and writes an external href as it is', () => {
    renderMemory(pages);
    expect(screen.getByRole('link', { name: 'トップ' })).toHaveClass('home');
    expect(screen.getByRole('link', { name: '外部サイト' })).toHaveAttribute(
      'href',
      'https://www.example.com/help',
    );
  });

  it('follows a full URL of its own origin inside the app', async () => {
    const router = renderMemory(pages);
    await act(async () => {
      expect(fireEvent.click(screen.getByRole('link', { name: '同じオリジン' }))).toBe(false);
    });
    expect(router.state.location.pathname).toBe('/news');
  });
});

describe('useNavigate, useSearchParams and Navigate', () => {
  it('navigates with replace and state, and back with -1', async () => {
    let navigate!: ReturnType<typeof useNavigate>;
    function Capture() {
      navigate = useNavigate();
      return null;
    }
    const router = renderMemory(
      routesWith([
        { index: true, element: <Capture /> },
        { path: 'a', element: <Capture /> },
        { path: 'b', element: <Capture /> },
      ]),
    );
    await act(() => navigate('/a'));
    await act(() => navigate('/b', { replace: true, state: { saved: true } }));
    expect(router.state).toMatchObject({
      historyAction: 'REPLACE',
      location: { pathname: '/b', state: { saved: true } },
    });
    await act(() => navigate(-1));
    expect(router.state).toMatchObject({ historyAction: 'POP', location: { pathname: '/' } });
    await act(() => navigate({ search: '?q=1', hash: '#x' }));
    expect(where()).toBe('/?q=1#x');
  });

  it('reads and sets the search params of the same path', async () => {
    function Search() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <p>ページ {params.get('page') ?? '1'}</p>
          <button type="button" onClick={() => void setParams({ page: '2', tag: ['a', 'b'] })}>
            次へ
          </button>
          <button
            type="button"
            onClick={() =>
              void setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.delete('tag');
                  return next;
                },
                { replace: true },
              )
            }
          >
            絞り込み解除
          </button>
        </>
      );
    }
    const router = renderMemory(routesWith([{ path: 'list', element: <Search /> }]), ['/list#ignored']);
    await act(async () => screen.getByRole('button', { name: '次へ' }).click());
    expect(where()).toBe('/list?page=2&tag=a&tag=b');
    expect(screen.getByText('ページ 2')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('PUSH');
    await act(async () => screen.getByRole('button', { name: '絞り込み解除' }).click());
    expect(where()).toBe('/list?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends the visitor on with Navigate, once in StrictMode', async () => {
    const router = renderMemory(
      routesWith([
        { index: true, element: <p>トップ</p> },
        { path: 'old', element: <Navigate replace to="/new?from=old" /> },
        { path: 'new', element: <p>新しいページ</p> },
      ]),
    );
    await act(() => router.navigate('/old'));
    expect(await screen.findByText('新しいページ')).toBeInTheDocument();
    expect(where()).toBe('/new?from=old');
    await act(() => router.navigate(-1));
    expect(screen.getByText('トップ')).toBeInTheDocument();
  });
});

describe('a browser router over the window’s history', () => {
  function renderBrowser() {
    const router = createBrowserRouter(
      routesWith([
        {
          index: true,
          element: (
            <>
              <p>トップ</p>
              <Link to="/news" state={{ from: 'top' }}>
                お知らせ
              </Link>
            </>
          ),
        },
        {
          path: 'news',
          element: (
            <>
              <p>お知らせ一覧</p>
              <Link to="/news#latest">最新へ</Link>
              <h2 id="latest">最新</h2>
            </>
          ),
        },
      ]),
    );
    routers.push(router);
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    return router;
  }

  it('writes each navigation to the window’s history and follows back and forward (popstate)', async () => {
    const router = renderBrowser();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'お知らせ' })));
    expect(window.location.pathname).toBe('/news');
    expect(window.history.state).toMatchObject({ usr: { from: 'top' } });
    await act(() => router.navigate(-1));
    expect(screen.getByText('トップ')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('POP');
    await act(() => router.navigate(1));
    expect(screen.getByText('お知らせ一覧')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: 'top' });
  });

  it('scrolls a new entry to the top, a hash to its element, and back to where the page was', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const router = renderBrowser();
    expect(window.history.scrollRestoration).toBe('manual');
    window.scrollTo(0, 480);
    scrollTo.mockClear();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'お知らせ' })));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '最新へ' })));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('latest'));
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(screen.getByText('トップ')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
  });
});
