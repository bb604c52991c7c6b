import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '#client/app/layouts/admin-layout.tsx';
import { DefaultLayout } from '#client/app/layouts/default-layout.tsx';
import { BADGE_POLL_INTERVAL_MS } from '#server/contracts/badge-counters.ts';
import { renderLayout } from '../fixtures/render-layout.tsx';
import { fixtureUser } from '../fixtures/users.ts';

// Counts on entries whose pages do not exist yet (チャット, the top bar's chat badges): as if every
// domain had landed its pages.
vi.mock('#server/contracts/page-table.ts', async (original) =>
  (await import('../fixtures/every-page-exists.ts')).everyPageExists(original),
);
vi.mock('#client/lib/live-pages.ts', async (original) =>
  (await import('../fixtures/every-page-exists.ts')).everyLinkIsLive(original),
);

/** The badge requests the page made, with their headers. */
function badgeRequests(fetch: ReturnType<typeof renderLayout>['fetch']) {
  return fetch.mock.calls.filter(
    ([url]) => new URL(String(url), 'http://bank.test').pathname === '/api/v1/badges',
  );
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  window.dispatchEvent(new Event('visibilitychange'));
}

/** Lets the timers and the answers of `ms` pass. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  setVisibility('visible');
});

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('badge polling (spec section 9: every 6000 ms)', () => {
  it('asks once on arrival and exactly once per interval, as a badge poll', async () => {
    const { fetch } = renderLayout(DefaultLayout, { user: fixtureUser('company_owner') });
    await pass(0);
    expect(badgeRequests(fetch)).toHaveLength(1);
    await pass(BADGE_POLL_INTERVAL_MS);
    expect(badgeRequests(fetch)).toHaveLength(2);
    await pass(BADGE_POLL_INTERVAL_MS * 3);
    expect(badgeRequests(fetch)).toHaveLength(5);
    const headers = new Headers(badgeRequests(fetch)[0]?.[1]?.headers);
    expect(headers.get('X-Badge-Poll')).toBe('1');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('asks nothing while the tab is hidden, and polls again once it is visible', async () => {
    const { fetch } = renderLayout(AdminLayout, { user: fixtureUser('bank_admin'), path: '/admin/company' });
    await pass(0);
    expect(badgeRequests(fetch)).toHaveLength(1);
    act(() => setVisibility('hidden'));
    await pass(BADGE_POLL_INTERVAL_MS * 5);
    expect(badgeRequests(fetch)).toHaveLength(1);
    act(() => setVisibility('visible'));
    await pass(BADGE_POLL_INTERVAL_MS);
    expect(badgeRequests(fetch)).toHaveLength(2);
  });

  it('brings the counts to the navigation, and the next poll updates them', async () => {
    let unreadChat = 1;
    renderLayout(DefaultLayout, {
      user: fixtureUser('company_owner'),
      api: {
        'GET /api/v1/badges': () => ({ status: 200, body: { status: 'success', result: { unreadChat } } }),
      },
    });
    await pass(0);
    const navigation = screen.getAllByRole('navigation', { name: 'メインメニュー' })[0]!;
    expect(within(navigation).getByRole('link', { name: /^チャット/ }).textContent).toContain('（未読1件）');
    unreadChat = 4;
    await pass(BADGE_POLL_INTERVAL_MS);
    await vi.waitFor(() =>
      expect(within(navigation).getByRole('link', { name: /^チャット/ }).textContent).toContain(
        '（未読4件）',
      ),
    );
  });

  it('brings the counts to the admin top bar (absent counts are 0)', async () => {
    renderLayout(AdminLayout, {
      user: fixtureUser('system_admin'),
      path: '/admin/company',
      badgeCounts: { closedInquiry: 3 },
    });
    await pass(0);
    expect(screen.getByRole('link', { name: /^未完了のお問い合わせ\s*（3件）$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '承認待ちのチャット' })).toBeInTheDocument();
  });
});
