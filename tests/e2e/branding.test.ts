import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';
import { committedTenant } from '../support/tenants.ts';
import {
  backgroundColorOf,
  type BankPage,
  cssRgb,
  expectedMainColor,
  openBankContext,
  type PageImage,
  sidewaysOverflow,
  waitForPage,
  WIDTHS,
} from './bank-pages.ts';

// Two real banks on different themes, and the demo bank that must never be indexed.
const BANKS = ['0182', '0158'] as const;
const DEMO_BANK = '9980';

describe('branding per bank', () => {
  const world = useE2eWorld();

  async function openTopPage(bankCode: string, width: number = 1280): Promise<BankPage> {
    const origin = world.origin(bankCode);
    const opened = await openBankContext(world.browser, world.contexts, origin, width);
    await opened.page.goto(`${origin}/`);
    await waitForPage(opened.page);
    return opened;
  }

  it('shows each bank its own title, favicon, logo and main colour', async () => {
    const seen: Array<{ title: string; favicon: string; heroBackground: string }> = [];
    for (const code of BANKS) {
      const tenant = committedTenant(code);
      const { page, problems } = await openTopPage(code);

      const title = await page.title();
      expect(title).toContain(tenant.service_name);
      expect(title).toContain(tenant.bank_name);

      const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
      if (!favicon) throw new Error(`${code}: the page links no favicon`);
      // Fetched by the page itself: Node's resolver does not know bank{code}.localhost, Chromium does.
      const faviconAnswer = await page.evaluate(async (href) => {
        const response = await fetch(href);
        return { status: response.status, type: response.headers.get('content-type') };
      }, favicon);
      expect(faviconAnswer.status).toBe(200);
      expect(faviconAnswer.type).toMatch(/^image\//);

      const heroBackground = await backgroundColorOf(
        page.getByRole('region', { name: tenant.service_name, exact: true }),
      );
      expect(heroBackground).toBe(cssRgb(expectedMainColor(tenant)));

      const logo = page.getByRole('banner').getByRole('img', { name: tenant.bank_name, exact: true });
      expect(await logo.evaluate((image: PageImage) => image.naturalWidth)).toBeGreaterThan(0);

      expect(problems).toEqual([]);
      seen.push({ title, favicon, heroBackground });
    }

    const [first, second] = seen;
    expect(first?.title).not.toBe(second?.title);
    expect(first?.favicon).not.toBe(second?.favicon);
    expect(first?.heroBackground).not.toBe(second?.heroBackground);
  });

  it('keeps the demo bank out of search engines and lets a real bank be indexed', async () => {
    const demo = await openTopPage(DEMO_BANK);
    await expect(demo.page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');

    const real = await openTopPage('0182');
    expect(await real.page.locator('meta[name="robots"][content*="noindex"]').count()).toBe(0);
  });

  it('shows the bank code in the footer only where the bank allows it', async () => {
    const shown = await openTopPage('0182');
    await expect(shown.page.getByRole('contentinfo').innerText()).resolves.toContain('金融機関コード：0182');

    // 0158 hides its bank code.
    const hidden = await openTopPage('0158');
    await expect(hidden.page.getByRole('contentinfo').innerText()).resolves.not.toContain('金融機関コード');
  });

  it('fits the top page to phone, tablet and desktop widths without sideways scrolling', async () => {
    for (const code of BANKS) {
      for (const width of WIDTHS) {
        const { page, problems } = await openTopPage(code, width);
        await page.screenshot({ path: screenshotPath(`top-${code}-${width}`), fullPage: true });
        const overflow = await sidewaysOverflow(page);
        expect(overflow, `${code} at ${width}px scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
        expect(problems).toEqual([]);
      }
    }
  });

  it('answers an unknown path with the 404 page and a way back to the top page', async () => {
    const { page } = await openTopPage('0158');
    const answer = await page.goto(`${world.origin('0158')}/no-such-page`);
    // The gateway says 404 too (server/contracts/page-table.ts), with the page that draws it.
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('404 Not Found');
    await expect(page.getByText('This page could not be found').count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'トップページに戻る' }).click();
    await page.getByRole('region', { name: committedTenant('0158').service_name, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
