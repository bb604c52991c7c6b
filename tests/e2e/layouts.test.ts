import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BADGE_POLL_INTERVAL_MS, BADGES_PATH } from '#server/contracts/badge-counters.ts';
import { isPagePath } from '#server/contracts/page-table.ts';
import { type LoggedInContextPage, screenshotPath } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';
import { sidewaysOverflow, WIDTHS } from './bank-pages.ts';

const MATCHING_SEARCH_PATH = '/mypage/matching/search';

const BANKS = ['0182', '0158'] as const;

// In the page, not in Node (this project has no DOM types; see bank-pages.ts).
declare const document: {
  visibilityState: string;
  dispatchEvent(event: unknown): boolean;
};
declare class Event {
  constructor(type: string);
}

/**
 * Makes the page believe its tab is hidden (or visible again): document.visibilityState answers the
 * state and a visibilitychange event fires, as when the user switches tabs. Headless Chromium
 * always reports its pages visible, and CDP offers no "hidden" state (Page.setWebLifecycleState
 * 'frozen' stops every timer, which would prove nothing about the app), so the override is what a
 * real tab switch looks like to the page's code (react-query's focus manager reads exactly these).
 */
async function setTabVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The clock step of pollTimes: the precision of the times it reports. */
const CLOCK_STEP_MS = 250;

/**
 * Moves the page's clock (Playwright's, installed before login and paused) on by `ms` in small
 * steps, giving the page a moment of real time after each step to send what its timers started and
 * to take in the answers; answers when, on the page's clock, it asked for the badge counts (ms
 * since the call, to CLOCK_STEP_MS; `untilFirst`: stops at the first). The page's timers are all on that clock, so this is how the
 * page behaves over `ms` of a user's time, in a fraction of it.
 */
async function pollTimes(
  page: Page,
  origin: string,
  ms: number,
  options: { untilFirst?: boolean } = {},
): Promise<number[]> {
  let sent = 0;
  const count = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname === BADGES_PATH) sent++;
  };
  page.on('request', count);
  const times: number[] = [];
  try {
    for (let elapsed = CLOCK_STEP_MS; elapsed <= ms; elapsed += CLOCK_STEP_MS) {
      await page.clock.runFor(CLOCK_STEP_MS);
      await delay(40);
      for (; sent > 0; sent--) times.push(elapsed);
      if (options.untilFirst && times.length > 0) break;
    }
  } finally {
    page.off('request', count);
  }
  return times;
}

describe('logged-in layouts (real server, real provider, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [...BANKS] });

  /** A fresh browser logged in as `loginId` on a bank's host, at its landing page. */
  async function loggedIn(code: string, loginId: string, landing: string): Promise<LoggedInContextPage> {
    const opened = await world.open(code);
    await world.logIn(opened.page, code, loginId);
    await opened.page.waitForURL(`${world.origin(code)}${landing}`);
    await opened.page.getByText('ようこそ、').waitFor();
    return opened;
  }

  /** The landing page again at a width, loaded afresh; answers once the greeting shows. */
  async function atWidth(page: Page, url: string, width: number): Promise<void> {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await page.getByText('ようこそ、').waitFor();
  }

  const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'ボトムメニュー', exact: true });

  for (const account of [
    { code: '0182', login: 'owner-0182', role: 'company owner', matching: true },
    { code: '0158', login: 'employee-0158', role: 'employee', matching: false },
  ]) {
    it(`lays out the company area for ${account.role === 'employee' ? 'an' : 'a'} ${account.role} of bank ${account.code} at 1280, 800 and 375 px (${account.matching ? 'with' : 'without'} マッチング in the phone bottom bar)`, async () => {
      const { page, problems } = await loggedIn(account.code, account.login, '/mypage/dashboard');
      const dashboard = `${world.origin(account.code)}/mypage/dashboard`;
      const sideNavigation = page.getByRole('navigation', { name: 'メインメニュー', exact: true });
      const menuToggle = page.getByRole('button', { name: 'メニュー', exact: true });

      for (const width of WIDTHS) {
        await atWidth(page, dashboard, width);
        if (width === 1280) {
          // A PC: the navigation beside the page, no toggle, no bottom bar.
          await sideNavigation.waitFor();
          expect(await menuToggle.count()).toBe(0);
          expect(await bottomBar(page).count()).toBe(0);
        } else if (width === 800) {
          // A tablet: the navigation behind the app bar's menu button.
          await menuToggle.waitFor();
          expect(await sideNavigation.isVisible()).toBe(false);
          expect(await bottomBar(page).count()).toBe(0);
        } else {
          // A phone: the bottom bar; マッチング is not for company_employee (spec section 2), and for
          // nobody until the matching pages land (server/contracts/page-table.ts).
          await bottomBar(page).waitFor();
          const offered = account.matching && isPagePath(MATCHING_SEARCH_PATH);
          const matching = bottomBar(page).getByRole('link', { name: 'マッチング' });
          expect(await matching.count()).toBe(offered ? 1 : 0);
          expect(
            await bottomBar(page)
              .getByText(/^(ビジネス)?マッチング$/)
              .count(),
          ).toBe(offered ? 1 : 0);
        }
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: screenshotPath(`layout-${account.login}-${width}`),
          fullPage: true,
        });
      }
      expect(problems).toEqual([]);
    });
  }

  it('lays out the admin area for a bank admin of bank 0158 at 1280, 800 and 375 px (side menu, or a drawer on the phone)', async () => {
    const { page, problems } = await loggedIn('0158', 'bankadmin-0158', '/admin/dashboard');
    const dashboard = `${world.origin('0158')}/admin/dashboard`;
    const adminMenu = page.getByRole('navigation', { name: '管理メニュー', exact: true });
    const menuToggle = page.getByRole('button', { name: 'サイドメニュー', exact: true });

    for (const width of WIDTHS) {
      await atWidth(page, dashboard, width);
      await menuToggle.waitFor();
      if (width > 600) {
        // Admin spec section 2: the side menu beside the page above 600 px.
        await adminMenu.waitFor();
      } else {
        expect(await adminMenu.isVisible()).toBe(false);
        await menuToggle.click();
        await adminMenu.waitFor();
      }
      expect(await bottomBar(page).count()).toBe(0);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath(`layout-bankadmin-0158-${width}`), fullPage: true });
    }
    expect(problems).toEqual([]);
  });

  // Issue 13: a full load of a logged-in page asks the API at most 8 times (the master lists in one
  // call, the dashboard's article blocks in one).
  for (const [login, landing] of [
    ['owner-0182', '/mypage/dashboard'],
    ['bankadmin-0182', '/admin/dashboard'],
  ] as const) {
    it(`makes at most 8 API calls on a full load of ${landing}`, async () => {
      const { page, problems } = await loggedIn('0182', login, landing);
      // The landing page's own calls are over before the count starts.
      await page.waitForLoadState('networkidle');
      const origin = world.origin('0182');
      const calls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === origin && url.pathname.startsWith('/api/'))
          calls.push(`${request.method()} ${url.pathname}`);
      });
      await page.reload();
      await page.getByText('ようこそ、').waitFor();
      await page.waitForLoadState('networkidle');
      expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(8);
      expect(problems).toEqual([]);
    });
  }

  for (const account of [
    { layout: 'company', code: '0182', login: 'owner-0182', landing: '/mypage/dashboard' },
    { layout: 'admin', code: '0182', login: 'bankadmin-0182', landing: '/admin/dashboard' },
  ]) {
    it(`polls ${BADGES_PATH} every ${BADGE_POLL_INTERVAL_MS} ms in the ${account.layout} layout while the tab is visible, and never while it is hidden`, async () => {
      // The page's timers run on Playwright's clock, so the test moves time on instead of waiting
      // for it: each poll is a timer of the page, fired when the clock passes it.
      const opened = await world.open(account.code);
      const { page, problems } = opened;
      await page.clock.install();
      await world.logIn(page, account.code, account.login);
      await page.waitForURL(`${world.origin(account.code)}${account.landing}`);
      await page.getByText('ようこそ、').waitFor();
      // From here the page's time moves only when the test moves it.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      const origin = world.origin(account.code);
      // Counting starts at a poll, so the window below holds exactly the next two.
      expect(
        await pollTimes(page, origin, BADGE_POLL_INTERVAL_MS + 2_000, { untilFirst: true }),
      ).toHaveLength(1);

      const visible = await pollTimes(page, origin, 13_000);
      expect(visible, `polls at ${visible.join(', ')} ms`).toHaveLength(2);
      const [first = 0, second = 0] = visible;
      expect(first).toBeGreaterThan(BADGE_POLL_INTERVAL_MS - 1_000);
      expect(first).toBeLessThan(BADGE_POLL_INTERVAL_MS + 1_000);
      expect(second - first).toBeGreaterThan(BADGE_POLL_INTERVAL_MS - 1_000);
      expect(second - first).toBeLessThan(BADGE_POLL_INTERVAL_MS + 1_000);

      await setTabVisibility(page, 'hidden');
      const hidden = await pollTimes(page, origin, 13_000);
      expect(hidden, `polls while hidden at ${hidden.join(', ')} ms`).toEqual([]);

      // Back in view, polling resumes (within one interval).
      await setTabVisibility(page, 'visible');
      expect(
        await pollTimes(page, origin, BADGE_POLL_INTERVAL_MS + 1_000, { untilFirst: true }),
      ).toHaveLength(1);
      expect(problems).toEqual([]);
    });
  }
});
