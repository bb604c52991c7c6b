import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { screenshotPath } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';

/**
 * Business matching across banks (issue 17): an owner of 0182 posts a nationwide need; an owner of
 * 0158 finds it by a two-character Japanese word and sends a deal request; the 0182 owner sees the
 * unanswered-matching badge, opens the deal and accepts it; a company of 9980, outside the network
 * and no party to the deal, cannot open it.
 */

const POSTER = '0182';
const FINDER = '0158';
const OUTSIDER = '9980';
// A word no demo need holds, so the search finds exactly this test's need.
const WORD = '藍染';

/** A form row's control by its label, whatever its 必須/任意 tag. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}\\s*(必須|任意)?$`));
}

describe('business matching between two banks (real server, real provider, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [POSTER, FINDER, OUTSIDER] });

  it('carries a nationwide need from 0182 to 0158, its deal request back, and keeps 9980 out', async () => {
    // 1. The owner of 0182 posts a nationwide need.
    const posterOrigin = world.origin(POSTER);
    const poster = await world.open(POSTER);
    await world.logIn(poster.page, POSTER, `owner-${POSTER}`, '/mypage/mybusiness/needs/create');
    await poster.page.waitForURL(`${posterOrigin}/mypage/mybusiness/needs/create`);
    const form = poster.page.getByRole('form', { name: 'ニーズの入力' });
    await field(poster.page, 'タイトル').fill(`${WORD}の端材を譲りたい`);
    await form.getByRole('radio', { name: '売りたい' }).check();
    await field(poster.page, '本文').fill(
      `${WORD}の工房で出る端材を、小物づくりに使っていただける企業さまを探しています。`,
    );
    await field(poster.page, '掲載開始日').fill(japanDateString());
    await form.getByRole('radio', { name: '公開', exact: true }).check();
    await form.getByRole('radio', { name: /^全国/ }).check();
    await poster.page.screenshot({ path: screenshotPath(`matching-need-form-${POSTER}`), fullPage: true });
    await form.getByRole('button', { name: '保存する' }).click();
    await poster.page.getByText(MESSAGES.saved).first().waitFor();

    // 2. The owner of 0158 finds it by the two-character word and asks for a deal.
    const finderOrigin = world.origin(FINDER);
    const finder = await world.open(FINDER);
    await world.logIn(finder.page, FINDER, `owner-${FINDER}`, '/mypage/matching/search');
    await finder.page.waitForURL(`${finderOrigin}/mypage/matching/search`);
    await finder.page.getByLabel('キーワード').fill(WORD);
    await finder.page.getByRole('search', { name: '検索条件' }).getByRole('button', { name: '検索' }).click();
    const result = finder.page.getByRole('link', { name: `${WORD}の端材を譲りたい` });
    await result.waitFor();
    await finder.page.screenshot({ path: screenshotPath(`matching-search-${FINDER}`), fullPage: true });
    await result.click();
    await finder.page.getByRole('heading', { level: 1 }).first().waitFor();
    await finder.page.getByText('しおさい銀行').first().waitFor();
    const request = finder.page.getByRole('form', { name: '商談依頼の入力' });
    await field(finder.page, '依頼内容').selectOption({ label: '商談依頼' });
    await field(finder.page, 'メッセージ').fill('弊社の雑貨ブランドで端材を使わせていただけないでしょうか。');
    await request.getByRole('button', { name: '商談依頼を送る' }).click();
    await finder.page.waitForURL(/\/mypage\/matching\/history\/detail\/[0-9a-f]{32}$/);
    const dealCode = finder.page.url().split('/').pop() ?? '';

    // 3. The 0182 owner sees the badge, opens the deal and accepts it.
    await poster.page.goto(`${posterOrigin}/mypage/dashboard`);
    // The menu's ビジネスマッチング group: its 商談管理 entry carries the count.
    await poster.page.getByRole('navigation').getByText('ビジネスマッチング').first().click();
    const dealsLink = poster.page.getByRole('link', { name: /商談管理/ }).first();
    await expect.poll(async () => (await dealsLink.textContent()) ?? '', { timeout: 15_000 }).toMatch(/1/);
    await dealsLink.click();
    await poster.page.waitForURL(`${posterOrigin}/mypage/matching/received_history`);
    await poster.page
      .getByRole('link', { name: new RegExp(`${WORD}の端材を譲りたい`) })
      .first()
      .click();
    await poster.page.waitForURL(`${posterOrigin}/mypage/matching/received_history/detail/${dealCode}`);
    await poster.page.getByText('弊社の雑貨ブランドで端材を使わせていただけないでしょうか。').waitFor();
    await poster.page.getByRole('button', { name: '承諾して商談を開始' }).first().click();
    await poster.page.getByRole('dialog').getByRole('button', { name: '承諾して商談を開始' }).click();
    await poster.page.getByText('商談中').first().waitFor();
    await poster.page.screenshot({ path: screenshotPath(`matching-deal-${POSTER}`), fullPage: true });

    // 4. A company of 9980 cannot open the deal.
    const outsiderOrigin = world.origin(OUTSIDER);
    const outsider = await world.open(OUTSIDER);
    await world.logIn(outsider.page, OUTSIDER, `owner-${OUTSIDER}`, '/mypage/dashboard');
    await outsider.page.waitForURL(`${outsiderOrigin}/mypage/dashboard`);
    // Asked by the page itself (its session cookie), the deal's call answers 404.
    const status = await outsider.page.evaluate(
      async (url) => (await fetch(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status,
      `/api/v1/cmh/${dealCode}`,
    );
    expect(status).toBe(404);
    await outsider.page.goto(`${outsiderOrigin}/mypage/matching/received_history/detail/${dealCode}`);
    await outsider.page.getByText(MESSAGES.notFoundHeading).waitFor();
    await expect(outsider.page.getByText('弊社の雑貨ブランド').count()).resolves.toBe(0);

    expect(poster.problems).toEqual([]);
    expect(finder.problems).toEqual([]);
  });
});
