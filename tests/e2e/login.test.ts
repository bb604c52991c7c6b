import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_PATH } from '#server/contracts/identity.ts';
import { signInAtProvider } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';

// Two banks, each with its own provider (issuer) on the server's IDP_PORT.
const COMPANY_BANK = '0182';
const STAFF_BANK = '0158';

/** The user the page's own session belongs to, as the gateway answers it (GET /api/v1/user/me). */
function currentUserName(page: Page): Promise<string> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { result: { user_name: string } };
    return body.result.user_name;
  }, CURRENT_USER_PATH);
}

/**
 * Waits for the page to arrive at `url`; if it does not, fails saying where it is and what it shows
 * (its first heading), which is what a reader of a failed run needs.
 */
async function expectToArrive(page: Page, url: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL(url, { timeout });
  } catch {
    const heading = await page
      .getByRole('heading')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    throw new Error(
      `expected to arrive at ${url} within ${timeout} ms; the page is ${page.url()} showing "${heading ?? '(no heading)'}"`,
    );
  }
}

describe('login at the bank’s identity provider (real server, real provider, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [COMPANY_BANK, STAFF_BANK] });

  const { open, logIn } = world;

  it('takes a company owner of bank 0182 through the provider’s login page to /mypage/dashboard, which greets them', async () => {
    const { page, problems } = await open(COMPANY_BANK);
    await page.goto(`${world.origin(COMPANY_BANK)}/login`);
    // The bank's own issuer, on the provider's origin: the page with ログインID and パスワード.
    await page.waitForURL((url) => url.origin === world.providerOrigin);
    expect(page.url()).toContain(`/bank${COMPANY_BANK}`);
    await signInAtProvider(page, world.providerOrigin, `owner-${COMPANY_BANK}`);

    await page.waitForURL(`${world.origin(COMPANY_BANK)}/mypage/dashboard`);
    const name = await currentUserName(page);
    await page.getByText(`ようこそ、${name} 様`).waitFor();
    expect(problems).toEqual([]);
  });

  it('takes a bank admin of bank 0158 to /admin/dashboard', async () => {
    const { page, problems } = await open(STAFF_BANK);
    await logIn(page, STAFF_BANK, `bankadmin-${STAFF_BANK}`);

    await page.waitForURL(`${world.origin(STAFF_BANK)}/admin/dashboard`);
    const name = await currentUserName(page);
    await page.getByText(`ようこそ、${name} 様`).waitFor();
    expect(problems).toEqual([]);
  });

  it('sends a company user who opens /admin after login to /mypage/dashboard', async () => {
    const { page, problems } = await open(COMPANY_BANK);
    await logIn(page, COMPANY_BANK, `user-${COMPANY_BANK}`);
    await page.waitForURL(`${world.origin(COMPANY_BANK)}/mypage/dashboard`);

    await page.goto(`${world.origin(COMPANY_BANK)}/admin`);
    await expectToArrive(page, `${world.origin(COMPANY_BANK)}/mypage/dashboard`);
    await page.getByText('ようこそ、').waitFor();
    expect(problems).toEqual([]);
  });

  it('sends a logged-out visitor of /mypage/news to the provider’s login page and, after login, back to /mypage/news', async () => {
    const { page, problems } = await open(COMPANY_BANK);
    const loginRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        request.isNavigationRequest() &&
        url.origin === world.origin(COMPANY_BANK) &&
        url.pathname === '/login'
      )
        loginRequests.push(`${url.pathname}${url.search}`);
    });

    await page.goto(`${world.origin(COMPANY_BANK)}/mypage/news`);
    await expectToArrive(page, `${world.providerOrigin}/**`);
    // The page asked for is carried through the login as the r parameter.
    expect(loginRequests).toEqual([`/login?r=${encodeURIComponent('/mypage/news')}`]);
    await signInAtProvider(page, world.providerOrigin, `owner-${COMPANY_BANK}`);

    await expectToArrive(page, `${world.origin(COMPANY_BANK)}/mypage/news`);
    expect(problems).toEqual([]);
  });

  it('ends the session with the logout link: /mypage/dashboard then leads to the provider’s login page again', async () => {
    const { page, problems } = await open(COMPANY_BANK);
    const policyViolations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) policyViolations.push(message.text());
    });
    const logoutRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/logout') logoutRequests.push(request.method());
    });
    await logIn(page, COMPANY_BANK, `owner-${COMPANY_BANK}`);
    await page.waitForURL(`${world.origin(COMPANY_BANK)}/mypage/dashboard`);

    await Promise.all([
      // The link opens /logout, whose page posts the logout by itself; the POST ends the gateway's
      // session, then the provider's (its logout page submits itself too), and the provider sends
      // the browser back to the bank's top page.
      expectToArrive(page, `${world.origin(COMPANY_BANK)}/`),
      page.getByRole('link', { name: 'ログアウト', exact: true }).first().click(),
    ]);
    expect(logoutRequests).toEqual(['GET', 'POST']);
    expect(policyViolations).toEqual([]);

    // The session is gone: the gateway answers a visitor (user/me: no user).
    const me = await page.evaluate(async (path) => {
      const response = await fetch(path, { headers: { accept: 'application/json' } });
      return { status: response.status, body: (await response.json()) as { result?: unknown } };
    }, CURRENT_USER_PATH);
    expect(me).toEqual({ status: 200, body: expect.objectContaining({ status: 'success', result: null }) });
    await page.goto(`${world.origin(COMPANY_BANK)}/mypage/dashboard`);
    // Logged out at the provider too: its login form, not a silent single sign-on.
    await page.waitForURL((url) => url.origin === world.providerOrigin);
    await page.getByLabel('ログインID', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('ends the session from the logout page only when the user sends it: another site’s link, image or form ends nothing', async () => {
    const { page, problems } = await open(COMPANY_BANK);
    const bank = world.origin(COMPANY_BANK);
    const policyViolations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) policyViolations.push(message.text());
    });
    await logIn(page, COMPANY_BANK, `owner-${COMPANY_BANK}`);
    await page.waitForURL(`${bank}/mypage/dashboard`);
    const owner = await currentUserName(page);
    /** Who the browser is logged in as, asked from another tab (the gateway's own pages allow no fetch). */
    const userInAnotherTab = async () => {
      const tab = await page.context().newPage();
      await tab.goto(`${bank}/mypage/dashboard`);
      const name = await currentUserName(tab);
      await tab.close();
      return name;
    };

    // Another site (answered by the test, never reaching the network): one page posts the logout
    // from a form that submits itself, another shows images of the logout and switch-back links
    // and links to /logout.
    const attacker = 'http://attacker.localhost:4599';
    const attackerPages: Record<string, string> = {
      '/form': `<form method="post" action="${bank}/logout"></form><script>document.forms[0].submit()</script>`,
      '/links': `<img src="${bank}/logout" alt=""><img src="${bank}/login?switch_back=1" alt="">
<a href="${bank}/logout">logout link</a>`,
    };
    await page.route(`${attacker}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><title>other site</title>${attackerPages[new URL(route.request().url()).pathname] ?? ''}`,
      }),
    );
    await page.goto(`${attacker}/form`);
    await page.getByRole('heading', { name: 'この操作は受け付けられませんでした' }).waitFor();
    expect(page.url()).toBe(`${bank}/logout`);
    expect(await userInAnotherTab()).toBe(owner);

    await page.goto(`${attacker}/links`, { waitUntil: 'load' });
    // The link opens the logout page, which waits for its button instead of submitting itself.
    await page.getByRole('link', { name: 'logout link' }).click();
    await page.waitForURL(`${bank}/logout`);
    await page.getByRole('button', { name: 'ログアウト', exact: true }).waitFor();
    await page.waitForTimeout(500);
    expect(page.url()).toBe(`${bank}/logout`);
    expect(await userInAnotherTab()).toBe(owner);

    // Pressed by the user, the button logs out (its POST is the bank's own).
    await Promise.all([
      expectToArrive(page, `${bank}/`),
      page.getByRole('button', { name: 'ログアウト', exact: true }).click(),
    ]);
    const me = await page.evaluate(async (path) => {
      const response = await fetch(path, { headers: { accept: 'application/json' } });
      return ((await response.json()) as { result?: unknown }).result;
    }, CURRENT_USER_PATH);
    expect(me).toBeNull();
    expect(policyViolations).toEqual([]);
    // The other site's images fail to load (the gateway's answers are for its own origin only).
    const images = [`${bank}/logout`, `${bank}/login?switch_back=1`];
    expect(
      problems.filter((problem) => !images.some((url) => problem.startsWith(`failed: ${url} `))),
    ).toEqual([]);
  });
});
