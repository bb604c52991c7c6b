import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';

// Flags for a container without a display or a user namespace, and without Chromium calling home
// (updates, sync, first-run pages) in the middle of a test.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const SCREENSHOTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '.test-artifacts',
  'screenshots',
);

/**
 * Where a screenshot named `name` goes: .test-artifacts/screenshots/{name}.png (git-ignored).
 * Playwright creates the folder when it writes the file.
 */
export function screenshotPath(name: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new Error(`screenshot name must be a plain file name: ${name}`);
  return path.join(SCREENSHOTS_DIR, `${name}.png`);
}

/** The demo accounts' password (server/db/demo-banks.ts). */
export const DEMO_PASSWORD = 'demo-password';

/**
 * The person's part at a bank's identity provider: on its login page, types the login id and the
 * password into the fields labelled ログインID and パスワード and presses ログイン. Resolves once the
 * browser has left the provider again (back at the gateway, which finishes the login).
 */
export async function signInAtProvider(
  page: Page,
  providerOrigin: string,
  loginId: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await page.waitForURL((url) => url.origin === providerOrigin);
  await page.getByLabel('ログインID', { exact: true }).fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await Promise.all([
    page.waitForURL((url) => url.origin !== providerOrigin),
    page.getByRole('button', { name: 'ログイン', exact: true }).click(),
  ]);
}

export interface LoggedInContextPage {
  page: Page;
  /**
   * What went wrong on the bank's host: requests that failed or answered 5xx, and uncaught script
   * errors. (4xx are left out: a logged-out visitor's GET /api/v1/user/me answers 401 by design.)
   */
  problems: string[];
}

/**
 * A fresh browser context (its own cookies) for a bank's host and its identity provider at a width:
 * requests to anything else are refused, so nothing leaves the machine. Close it in the suite's
 * teardown (`contexts`).
 */
export async function openContextWithProvider(
  browser: Browser,
  contexts: BrowserContext[],
  origins: { bank: string; provider: string },
  width = 1280,
): Promise<LoggedInContextPage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
  contexts.push(context);
  await context.route(
    (url) => url.origin !== origins.bank && url.origin !== origins.provider,
    (route) => route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  const isBank = (url: string) => new URL(url).origin === origins.bank;
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation away (the login redirect, a full page load) aborts what the old page had in flight.
    if (isBank(request.url()) && request.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (isBank(response.url()) && response.status() >= 500)
      problems.push(`${response.status()}: ${response.url()}`);
  });
  return { page, problems };
}
