import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { type LoggedInContextPage, openContextWithProvider, signInAtProvider } from './browser.ts';
import {
  type RunningServer,
  type RunningServerWithProvider,
  startServer,
  startServerWithProvider,
} from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e suite's one Chromium (tests/e2e/global-setup.ts): where playwright connects. */
    chromiumEndpoint: string;
  }
}

export interface E2eWorldOptions {
  /**
   * With the banks' identity provider beside the server (a temp copy of these committed banks whose
   * issuers name its port); without: the server on all committed banks and no provider.
   */
  providerFor?: readonly string[];
  /** Extra environment for the server. */
  env?: Record<string, string>;
}

export interface E2eWorld {
  /** The suite's one Chromium, connected for this file. */
  readonly browser: Browser;
  /** Contexts opened by the file's tests: closed after each test. */
  readonly contexts: BrowserContext[];
  /** The server as `npm start` runs it, on a free port and a database of its own. */
  readonly server: RunningServer;
  /** http://bank{code}.localhost:{port}. */
  origin(code: string): string;
  /** The provider's origin, where the browser meets the login page (providerFor only). */
  readonly providerOrigin: string;
  /** A fresh context (own cookies) on the bank's host and its provider at a width, closed after the test. */
  open(code: string, width?: number): Promise<LoggedInContextPage>;
  /**
   * /login on the bank's host (`?r=returnTo` when given), the provider's real login page with the demo
   * password, back at the gateway.
   */
  logIn(page: Page, code: string, loginId: string, returnTo?: string): Promise<void>;
}

/**
 * The e2e suite's set-up for one file, registered as its hooks: connects to the suite's one
 * Chromium, starts the server (with the provider when `providerFor` names banks), closes the test's
 * browser contexts after each test, and disconnects and stops the server after the file.
 */
export function useE2eWorld(options: E2eWorldOptions = {}): E2eWorld {
  let browser: Browser | undefined;
  let server: RunningServer | RunningServerWithProvider | undefined;
  const contexts: BrowserContext[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the e2e world's ${what} is not started (use it inside a test)`);
    return value;
  };
  const providerOrigin = () => {
    const running = started(server, 'server');
    if (!('providerOrigin' in running)) throw new Error('this e2e world has no provider (providerFor)');
    return running.providerOrigin;
  };

  beforeAll(async () => {
    browser = await chromium.connect(inject('chromiumEndpoint'));
    server = options.providerFor
      ? await startServerWithProvider({ codes: options.providerFor, env: options.env })
      : await startServer({ env: options.env });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const world: E2eWorld = {
    get browser() {
      return started(browser, 'browser');
    },
    contexts,
    get server() {
      return started(server, 'server');
    },
    origin: (code) => started(server, 'server').origin(code),
    get providerOrigin() {
      return providerOrigin();
    },
    open: (code, width = 1280) =>
      openContextWithProvider(
        world.browser,
        contexts,
        { bank: world.origin(code), provider: providerOrigin() },
        width,
      ),
    async logIn(page, code, loginId, returnTo) {
      const query = returnTo === undefined ? '' : `?r=${encodeURIComponent(returnTo)}`;
      await page.goto(`${world.origin(code)}/login${query}`);
      await signInAtProvider(page, providerOrigin(), loginId);
    },
  };
  return world;
}
