import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type StartedApp, startApp } from '#client/app/start-app.tsx';
import { fetchServerInfo } from '#client/app/startup/server-info.ts';
import { createApiClient } from '#client/lib/request/api-client.ts';
import { APP_CONFIG_ELEMENT_ID, type PublicAppConfig } from '#server/contracts/app-config.ts';
import { config0158, config0182 } from '../fixtures/app-configs.ts';

const PAGE_ORIGIN = window.location.origin;
const API_URL = 'http://api.localhost:3000';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (url: URL) => Response | Promise<Response> | undefined;

/**
 * A fake network answering server info, the app config and the current user (a visitor: 401);
 * records the URLs asked, in order.
 */
function fakeNetwork(routes: { serverInfo?: Route; appConfig?: Route } = {}) {
  const asked: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), PAGE_ORIGIN);
    asked.push(url.href);
    if (url.pathname === '/api/server-info') {
      return (
        (await routes.serverInfo?.(url)) ?? json(200, { status: 'success', result: { api_url: API_URL } })
      );
    }
    if (url.pathname === '/api/v1/user/me') {
      return json(401, { status: 'error', message: 'ログインが必要です' });
    }
    if (url.pathname === '/api/v1/setting/app_config') {
      return (await routes.appConfig?.(url)) ?? json(200, { status: 'success', result: config0182() });
    }
    return json(404, { status: 'error', message: 'This page could not be found' });
  });
  vi.stubGlobal('fetch', fetch);
  return { asked, fetch };
}

/** The page as the gateway renders it: the root element and, optionally, the embedded config. */
function renderGatewayPage(path: string, embedded: PublicAppConfig | null) {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = embedded
    ? `<script id="${APP_CONFIG_ELEMENT_ID}" type="application/json">${JSON.stringify(embedded)}</script>`
    : '';
  document.body.innerHTML = '<div id="root"></div>';
}

let app: StartedApp | undefined;

function start(): StartedApp {
  act(() => {
    app = startApp(document);
  });
  if (!app) throw new Error('the app did not start');
  return app;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // jsdom has no scrolling; the router's scroll restoration calls it on every page.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  act(() => app?.stop());
  app = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('start-up (spec section 4)', () => {
  it('fetches server info first, then the app config and the user from the API base server info gave', async () => {
    const { asked } = fakeNetwork();
    renderGatewayPage('/page/rule', config0182());
    start();
    await screen.findByRole('heading', { level: 1, name: '利用規約' });

    expect(asked).toEqual([
      `${PAGE_ORIGIN}/api/server-info`,
      `${API_URL}/api/v1/setting/app_config`,
      `${API_URL}/api/v1/user/me`,
    ]);
  });

  it('shows the loading layout until start-up has finished, and the page only after it', async () => {
    let answerServerInfo: (response: Response) => void = () => {};
    const { asked } = fakeNetwork({
      serverInfo: () => new Promise<Response>((resolve) => (answerServerInfo = resolve)),
    });
    renderGatewayPage('/page/rule', config0182());
    start();

    expect((await screen.findByRole('status')).textContent).toContain('読み込み中');
    expect(screen.queryByRole('heading', { name: '利用規約' })).not.toBeInTheDocument();
    // Nothing else is asked before server info has answered with the API base.
    expect(asked).toEqual([`${PAGE_ORIGIN}/api/server-info`]);

    await act(async () => answerServerInfo(json(200, { status: 'success', result: { api_url: API_URL } })));
    await screen.findByRole('heading', { level: 1, name: '利用規約' });
    expect(screen.queryByText('読み込み中')).not.toBeInTheDocument();
  });

  it('takes the bank from the config the API answered, not from the page', async () => {
    fakeNetwork({ appConfig: () => json(200, { status: 'success', result: config0158() }) });
    renderGatewayPage('/page/rule', config0182());
    start();
    await screen.findByRole('heading', { level: 1, name: '利用規約' });
    expect(document.body.textContent).toContain(config0158().bank.name);
    expect(document.body.textContent).not.toContain(config0182().bank.name);
  });

  it('shows 401 and 設定ファイルが読み込めませんでした when the config cannot be loaded', async () => {
    fakeNetwork({ appConfig: () => json(500, { status: 'error', message: 'System Error' }) });
    renderGatewayPage('/page/rule', config0182());
    start();
    await screen.findByRole('heading', { name: '設定ファイルが読み込めませんでした' });
    expect(screen.getByText('401')).toBeDefined();
    expect(screen.queryByRole('heading', { name: '利用規約' })).not.toBeInTheDocument();
  });

  it('shows the same 401 screen when the config answered does not match the contract', async () => {
    fakeNetwork({ appConfig: () => json(200, { status: 'success', result: { bank_code: '0182' } }) });
    renderGatewayPage('/', null);
    start();
    await screen.findByRole('heading', { name: '設定ファイルが読み込めませんでした' });
  });

  it('starts on a page without an embedded config, in the safe loading layout', async () => {
    let answerConfig: (response: Response) => void = () => {};
    fakeNetwork({ appConfig: () => new Promise<Response>((resolve) => (answerConfig = resolve)) });
    renderGatewayPage('/page/rule', null);
    start();
    expect((await screen.findByRole('status')).textContent).toContain('読み込み中');
    await act(async () => answerConfig(json(200, { status: 'success', result: config0182() })));
    await screen.findByRole('heading', { level: 1, name: '利用規約' });
  });

  it("still starts when the embedded config is not JSON: the config of record is the API's", async () => {
    fakeNetwork();
    renderGatewayPage('/page/rule', null);
    document.head.innerHTML = `<script id="${APP_CONFIG_ELEMENT_ID}" type="application/json">{not json</script>`;
    start();
    await screen.findByRole('heading', { level: 1, name: '利用規約' });
  });

  it('uses the page origin as the API base when server info is missing', async () => {
    const { asked } = fakeNetwork({ serverInfo: () => json(404, { status: 'error' }) });
    renderGatewayPage('/page/rule', config0182());
    start();
    await screen.findByRole('heading', { level: 1, name: '利用規約' });
    expect(asked).toEqual([
      `${PAGE_ORIGIN}/api/server-info`,
      `${PAGE_ORIGIN}/api/v1/setting/app_config`,
      `${PAGE_ORIGIN}/api/v1/user/me`,
    ]);
  });

  it('answers an unknown path with the 404 page inside the started app', async () => {
    fakeNetwork();
    renderGatewayPage('/no-such-page', config0182());
    start();
    await screen.findByRole('heading', { level: 1, name: '404 Not Found' });
    expect(screen.getByText('This page could not be found')).toBeDefined();
  });
});

describe('server info', () => {
  it('makes only an error report when it is missing, and answers the page origin as the API base', async () => {
    const reporter = { captureException: vi.fn(), captureMessage: vi.fn() };
    const sameOrigin = createApiClient({
      baseUrl: () => '',
      fetch: async () => new Response('', { status: 404 }),
      reporter,
      credentials: { read: () => null },
      navigation: { currentPath: () => '/', previousPath: () => null },
      showErrorPage: vi.fn(),
      logError: vi.fn(),
    });
    await expect(fetchServerInfo(sameOrigin, reporter, 'https://bank0182.example')).resolves.toEqual({
      api_url: 'https://bank0182.example',
    });
    expect(reporter.captureException).toHaveBeenCalledTimes(1);
  });
});
