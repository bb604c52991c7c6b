import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_PATH } from '#server/contracts/identity.ts';
import { screenshotPath } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';
import { backgroundColorOf } from './bank-pages.ts';

const BANK = '0182';
const BANNER_TEXT = '他のユーザーに切り替えてログインしています。ここを押すと元のユーザーに戻ります';

/** Who the page's session is now (GET /api/v1/user/me). */
function currentUser(page: Page): Promise<{ user_name: string; user_type: string }> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { accept: 'application/json' } });
    return ((await response.json()) as { result: { user_name: string; user_type: string } }).result;
  }, CURRENT_USER_PATH);
}

/** `rgb(r, g, b)` → whether red clearly dominates (the danger colour of every theme). */
function isRed(cssColor: string): boolean {
  const [red = 0, green = 0, blue = 0] = (cssColor.match(/\d+/g) ?? []).map(Number);
  return red > 150 && red > green * 1.5 && red > blue * 1.5;
}

describe('acting as another user (real server, real provider, Chromium)', () => {
  // Two banks on the server, so the switch is shown to stay within the admin's own bank.
  const world = useE2eWorld({ providerFor: [BANK, '0158'] });

  it('lets a bank admin of 0182 log in as the company owner from /admin/company/user, shows the red banner, and returns to /admin/dashboard when it is pressed', async () => {
    const origin = world.origin(BANK);
    const { page, problems } = await world.open(BANK);
    await world.logIn(page, BANK, `bankadmin-${BANK}`);
    await page.waitForURL(`${origin}/admin/dashboard`);
    const admin = await currentUser(page);
    expect(admin.user_type).toBe('bank_admin');

    await page.goto(`${origin}/admin/company/user`);
    // Every demo bank has an owner-{code}: the search by "owner" finds this bank's only.
    await page.getByRole('searchbox', { name: 'キーワード' }).fill('owner');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    const ownerRow = page.getByRole('row').filter({ hasText: `owner-${BANK}` });
    await ownerRow.waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'owner-0158' }).count()).toBe(0);

    await Promise.all([
      page.waitForURL(`${origin}/mypage/dashboard`),
      ownerRow.getByRole('button', { name: /このユーザーでログイン$/ }).click(),
    ]);
    const banner = page.getByRole('link', { name: BANNER_TEXT, exact: true });
    await banner.waitFor();
    expect(isRed(await backgroundColorOf(banner))).toBe(true);
    const owner = await currentUser(page);
    expect(owner.user_type).toBe('company_owner');
    await page.getByText(`ようこそ、${owner.user_name} 様`).waitFor();
    await page.screenshot({ path: screenshotPath(`impersonation-${BANK}-banner`) });

    // The banner opens /login?switch_back=1, whose page posts the switch back by itself.
    const switchBackRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/login' && url.search === '?switch_back=1')
        switchBackRequests.push(request.method());
    });
    await Promise.all([page.waitForURL(`${origin}/admin/dashboard`), banner.click()]);
    expect(switchBackRequests).toEqual(['GET', 'POST']);
    await page.getByText(`ようこそ、${admin.user_name} 様`).waitFor();
    expect(await currentUser(page)).toMatchObject({ user_type: 'bank_admin', user_name: admin.user_name });
    expect(await page.getByText(BANNER_TEXT).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
