import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorPage, type ErrorPageProps } from '#client/app/error-pages/error-page.tsx';
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '#server/contracts/device.ts';
import { PageLocationContext } from '#client/lib/page-location.ts';
import { Themed } from '../lib/themed.tsx';

function renderErrorPage(props: ErrorPageProps) {
  const location = { assign: vi.fn(), reload: vi.fn() };
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>top page</p> },
      { path: '/mypage/news', element: <ErrorPage {...props} /> },
    ],
    { initialEntries: ['/mypage/news'] },
  );
  render(
    <PageLocationContext value={location}>
      <Themed>
        <RouterProvider router={router} />
      </Themed>
    </PageLocationContext>,
  );
  return { location, router };
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const backLink = () => screen.getByRole('link', { name: 'トップページに戻る' });

afterEach(() => {
  vi.useRealTimers();
});

describe('error pages per status (spec section 8)', () => {
  it('400: 不正なリクエストです', () => {
    renderErrorPage({ status: 400 });
    expect(heading()).toBe('不正なリクエストです');
    expect(backLink().getAttribute('href')).toBe('/');
  });

  it('401: ログインが必要です, then 3秒後にログインページに遷移されます', () => {
    renderErrorPage({ status: 401, message: '認証エラー' });
    expect(heading()).toBe('ログインが必要です');
    expect(screen.getByText('3秒後にログインページに遷移されます')).toBeDefined();
    expect(screen.getByText('認証エラー')).toBeDefined();
    expect(backLink()).toBeDefined();
  });

  it('401: goes to /logout?to=login after 3 seconds, not before', () => {
    vi.useFakeTimers();
    const { location } = renderErrorPage({ status: 401 });
    act(() => vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS - 1));
    expect(location.assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(location.assign).toHaveBeenCalledExactlyOnceWith('/logout?to=login');
    expect(UNAUTHORIZED_REDIRECT_DELAY_MS).toBe(3000);
  });

  it('401: leaving the page before the 3 seconds cancels the redirect', async () => {
    vi.useFakeTimers();
    const { location, router } = renderErrorPage({ status: 401 });
    await act(() => router.navigate('/'));
    act(() => vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS));
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('403: 権限がありません, or the wording the page passes', () => {
    renderErrorPage({ status: 403 });
    expect(heading()).toBe('権限がありません');
  });

  it('403 (unsubscribe variant): 権限がありません。', () => {
    renderErrorPage({ status: 403, message: '権限がありません。' });
    expect(heading()).toBe('権限がありません。');
  });

  it('404: 404 Not Found / This page could not be found', () => {
    renderErrorPage({ status: 404 });
    expect(heading()).toBe('404 Not Found');
    expect(screen.getByText('This page could not be found')).toBeDefined();
    expect(backLink()).toBeDefined();
  });

  it('422: the server message as HTML', async () => {
    renderErrorPage({ status: 422, message: '<p>この端末からは<strong>アクセスできません。</strong></p>' });
    const strong = await screen.findByText('アクセスできません。');
    expect(strong.tagName).toBe('STRONG');
    expect(strong.closest('p')?.textContent).toBe('この端末からはアクセスできません。');
    expect(backLink()).toBeDefined();
  });

  it('422: sanitises the HTML, so a script or an event handler never reaches the page', async () => {
    const attack =
      '<p>時間外です</p><script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true"><a href="javascript:alert(1)">link</a>';
    renderErrorPage({ status: 422, message: attack });
    await screen.findByText('時間外です');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.body.innerHTML).not.toContain('javascript:');
    expect(Reflect.get(window, '__pwned')).toBeUndefined();
  });

  it('500: System Error, with the message the page passes', () => {
    renderErrorPage({
      status: 500,
      message: 'システム内でエラーが発生しました。お手数ですが時間をおいて再度アクセスしてください。',
    });
    expect(heading()).toBe('System Error');
    expect(
      screen.getByText(
        'システム内でエラーが発生しました。お手数ですが時間をおいて再度アクセスしてください。',
      ),
    ).toBeDefined();
  });

  it('others: the message', () => {
    renderErrorPage({ status: 409, message: 'すでに処理されています' });
    expect(heading()).toBe('すでに処理されています');
    expect(backLink()).toBeDefined();
  });

  it('others without a message: エラーが発生しました。', () => {
    renderErrorPage({});
    expect(heading()).toBe('エラーが発生しました。');
    expect(backLink()).toBeDefined();
  });

  it('the link トップページに戻る leads to the top page', async () => {
    const { router } = renderErrorPage({ status: 404 });
    await act(async () => backLink().click());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('top page')).toBeDefined();
  });
});
