import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { themeFileSchema } from '#server/contracts/theme-tokens.ts';
import type { TenantConfig } from '#server/tenancy/tenant-file-schema.ts';
import { ROOT_DIR } from '../support/app.ts';

// The callbacks given to evaluate() run in the page, not in Node. This project has no DOM types (they
// would let server code use `window`), so the few browser globals those callbacks use are declared here.
export interface PageImage {
  complete: boolean;
  naturalWidth: number;
}
declare const document: { images: Iterable<PageImage>; documentElement: { scrollWidth: number } };
declare const window: { innerWidth: number };
declare function getComputedStyle(element: unknown): { backgroundColor: string };

/** Phone, tablet and desktop widths (spec section 9's device classes: up to 480, 481-1024, above). */
export const WIDTHS = [1280, 800, 375] as const;

/** The main colour a bank should show: its own override, else its theme's (read from the files). */
export function expectedMainColor(tenant: TenantConfig): string {
  const themeFile = themeFileSchema.parse(
    JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'themes', `${tenant.theme.name}.json`), 'utf8')),
  );
  return tenant.theme.overrides.colors?.main ?? themeFile.tokens.colors.main;
}

/** `#00557A` → `rgb(0, 85, 122)`, the form getComputedStyle answers in. */
export function cssRgb(hexColor: string): string {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hexColor.slice(start, start + 2), 16));
  return `rgb(${channels.join(', ')})`;
}

/** The computed background colour of the element a locator finds. */
export function backgroundColorOf(element: Locator): Promise<string> {
  return element.first().evaluate((node) => getComputedStyle(node).backgroundColor);
}

export interface BankPage {
  page: Page;
  /** Requests to the bank's own host that failed or answered 4xx/5xx, and uncaught script errors. */
  problems: string[];
}

/**
 * A fresh browser context on a bank's host at a width: hermetic (analytics and anything else off the
 * bank's own host never leave the machine), recording what went wrong on the bank's own host.
 * Close the context in the suite's teardown (`contexts`).
 */
export async function openBankContext(
  browser: Browser,
  contexts: BrowserContext[],
  origin: string,
  width: number,
): Promise<BankPage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
  contexts.push(context);
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  const isOwn = (url: string) => new URL(url).origin === origin;
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  page.on('requestfailed', (request) => {
    if (isOwn(request.url())) problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (isOwn(response.url()) && response.status() >= 400)
      problems.push(`${response.status()}: ${response.url()}`);
  });
  return { page, problems };
}

/** Waits until the page's heading is shown and every image (logo, footer logo) has arrived. */
export async function waitForPage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
