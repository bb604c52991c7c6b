import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TenantConfig } from '#server/tenancy/tenant-file-schema.ts';
import { screenshotPath } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';
import { committedTenant } from '../support/tenants.ts';
import {
  backgroundColorOf,
  type BankPage,
  cssRgb,
  expectedMainColor,
  openBankContext,
  sidewaysOverflow,
  waitForPage,
  WIDTHS,
} from './bank-pages.ts';

// Two real banks on different themes, with different names, services and footers.
const BANKS = ['0182', '0158'] as const;
const BANK_WIDTHS = BANKS.flatMap((code) => WIDTHS.map((width) => [code, width] as const));

interface PublicPage {
  /** The screenshot's name. */
  name: string;
  path: string;
  /** The page's own title (first part of the document title); none for the top page. */
  title: string | null;
}

/** Every page that needs no login (spec section 2). */
const PUBLIC_PAGES: readonly PublicPage[] = [
  { name: 'top', path: '/', title: null },
  { name: 'rule', path: '/page/rule', title: '利用規約' },
  { name: 'rule-portal', path: '/page/rule_portal', title: 'ポータルサービス利用規約' },
  { name: 'rule-rc', path: '/page/rule_rc', title: 'R&C規約' },
  { name: 'bm-rule', path: '/page/bm_rule', title: 'ビジネスマッチング利用規約' },
  { name: 'cookie-policy', path: '/page/cookie_policy', title: 'Cookieポリシー' },
  { name: 'suspending', path: '/page/suspending', title: 'サービス一時停止のお知らせ' },
  { name: 'inquiry', path: '/inquiry', title: 'お問い合わせ' },
  { name: 'inquiry-completed', path: '/inquiry/completed', title: 'お問い合わせ完了' },
];

/** Spec section 1: the page's title, then the service name and the bank name. */
function documentTitle(page: PublicPage, tenant: TenantConfig): string {
  const base = `${tenant.service_name} | ${tenant.bank_name}`;
  return page.title ? `${page.title} | ${base}` : base;
}

const REQUIRED = '必須入力項目です';
const SAVE_SUCCESS = '登録が完了しました';
const SAVE_FAILURE = 'データの登録に失敗しました';

/** The inquiry form's labels, each field's label as shown (before its 必須 / 任意 tag). */
const LABELS = {
  category: 'お問い合わせ種別',
  companyName: '会社名',
  name: 'お名前',
  kana: 'フリガナ',
  email: 'メールアドレス',
  tel: '電話番号',
  body: 'お問い合わせ内容',
  consent: 'プライバシーポリシーに同意する',
} as const;

/** The error message shown under a field: the part of its accessible description that is its error. */
async function fieldMessage(page: Page, label: string): Promise<string | null> {
  const describedBy = await page.getByLabel(label).getAttribute('aria-describedby');
  const errorId = describedBy?.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`[id="${errorId}"]`).innerText() : null;
}

async function fillInquiry(page: Page, tenant: TenantConfig) {
  await page.getByLabel(LABELS.category).selectOption({ label: 'ご利用のお申し込み・ご登録について' });
  await page.getByLabel(LABELS.companyName).fill('株式会社みなと食品');
  await page.getByLabel(LABELS.name).fill('小林 洋子');
  await page.getByLabel(LABELS.kana).fill('コバヤシ ヨウコ');
  await page.getByLabel(LABELS.email).fill('y.kobayashi@minato-foods.example.jp');
  await page.getByLabel(LABELS.tel).fill('03-5000-1002');
  await page.getByLabel(LABELS.body).fill(`${tenant.service_name}の利用申込みに必要な書類を教えてください。`);
  await page.getByLabel(LABELS.consent).check();
}

/** What the server answered to the form's POST /api/v1/inquiry (waits for it). */
function inquiryAnswer(page: Page, origin: string) {
  return page.waitForResponse(
    (response) => response.url() === `${origin}/api/v1/inquiry` && response.request().method() === 'POST',
  );
}

describe('public pages in Chromium on two banks', () => {
  const world = useE2eWorld();

  async function openPage(bankCode: string, path: string, width: number = 1280): Promise<BankPage> {
    const origin = world.origin(bankCode);
    const opened = await openBankContext(world.browser, world.contexts, origin, width);
    await opened.page.goto(`${origin}${path}`);
    await waitForPage(opened.page);
    return opened;
  }

  it.each(BANK_WIDTHS)(
    "shows every public page of bank %s at %i px with the bank's name and its title, without sideways scrolling",
    async (code, width) => {
      const tenant = committedTenant(code);
      const origin = world.origin(code);
      const { page, problems } = await openBankContext(world.browser, world.contexts, origin, width);
      for (const publicPage of PUBLIC_PAGES) {
        // A first visit each time: start-up, layout and the page's own chunk.
        await page.goto(`${origin}${publicPage.path}`);
        await waitForPage(page);
        const where = `${code} ${publicPage.path} at ${width}px`;

        const heading = await page.getByRole('heading', { level: 1 }).innerText();
        expect(heading, where).toBe(publicPage.title ?? tenant.service_name);
        expect(await page.title(), where).toBe(documentTitle(publicPage, tenant));
        // In the page's own text, not only the footer's copyright.
        expect(await page.getByRole('main').innerText(), where).toContain(tenant.bank_name);
        expect(await page.getByRole('contentinfo').isVisible(), where).toBe(true);

        await page.screenshot({
          path: screenshotPath(`${publicPage.name}-${code}-${width}`),
          fullPage: true,
        });
        const overflow = await sidewaysOverflow(page);
        expect(overflow, `${where} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
      }
      expect(problems).toEqual([]);
    },
  );

  it('gives each bank its own title and main colour on the same build', async () => {
    const seen: Array<{ title: string; mainColor: string }> = [];
    for (const code of BANKS) {
      const tenant = committedTenant(code);
      const { page } = await openPage(code, '/inquiry');
      const mainColor = await backgroundColorOf(page.getByRole('button', { name: '送信する' }));
      expect(mainColor).toBe(cssRgb(expectedMainColor(tenant)));
      seen.push({ title: await page.title(), mainColor });
    }
    const [first, second] = seen;
    expect(first?.title).not.toBe(second?.title);
    expect(first?.mainColor).not.toBe(second?.mainColor);
  });

  describe('the inquiry form', () => {
    it.each(BANK_WIDTHS)(
      "on bank %s at %i px refuses an empty form with the spec's messages, then sends the filled-in form",
      async (code, width) => {
        const tenant = committedTenant(code);
        const origin = world.origin(code);
        const { page, problems } = await openPage(code, '/inquiry', width);

        await page.getByRole('button', { name: '送信する' }).click();
        for (const label of [
          LABELS.category,
          LABELS.companyName,
          LABELS.name,
          LABELS.kana,
          LABELS.email,
          LABELS.body,
          LABELS.consent,
        ]) {
          expect(await fieldMessage(page, label), label).toBe(REQUIRED);
        }
        // The phone number may be left empty.
        expect(await fieldMessage(page, LABELS.tel)).toBeNull();
        await page.screenshot({ path: screenshotPath(`inquiry-errors-${code}-${width}`), fullPage: true });

        await page.getByLabel(LABELS.kana).fill('こばやし ようこ');
        await page.getByLabel(LABELS.email).fill('y.kobayashi@');
        await page.getByLabel(LABELS.tel).fill('0350001002');
        await page.getByRole('button', { name: '送信する' }).click();
        expect(await fieldMessage(page, LABELS.kana)).toBe('カナを入力してください');
        expect(await fieldMessage(page, LABELS.email)).toBe('メールアドレスが正しくありません');
        expect(await fieldMessage(page, LABELS.tel)).toBe('電話番号が正しくありません');

        await fillInquiry(page, tenant);
        const answered = inquiryAnswer(page, origin);
        await page.getByRole('button', { name: '送信する' }).click();
        const answer = await answered;
        // The server stored it for this bank (tests/api/inquiry proves what storing means).
        expect(answer.status()).toBe(200);
        expect(await answer.json()).toMatchObject({
          status: 'success',
          result: { inquiry_unique_code: expect.stringMatching(/^[0-9a-f]{32}$/) },
        });

        await page.waitForURL(`${origin}/inquiry/completed`);
        await page.getByRole('heading', { level: 1, name: 'お問い合わせ完了' }).waitFor();
        expect(await page.getByRole('status').filter({ hasText: SAVE_SUCCESS }).count()).toBe(1);
        expect(await page.getByRole('main').innerText()).toContain(tenant.contact.tel);
        await page.screenshot({ path: screenshotPath(`inquiry-sent-${code}-${width}`), fullPage: true });
        expect(problems).toEqual([]);
      },
    );

    // The server cannot be made to refuse a valid inquiry on demand, so the one API call is answered
    // by the test (page.route). Spec section 8: 400, 403 and 500 fail quietly in the request layer
    // (no error page); the form stays filled in and the save flow shows its failure toast.
    it.each([400, 403, 500])(
      'keeps the form and shows the failure toast when the inquiry is answered %i',
      async (status) => {
        const tenant = committedTenant('0158');
        const origin = world.origin('0158');
        const { page } = await openPage('0158', '/inquiry', 375);
        await page.route(`${origin}/api/v1/inquiry`, (route) =>
          route.fulfill({
            status,
            contentType: 'application/json',
            body: JSON.stringify({ status: 'error', message: 'refused by the test' }),
          }),
        );
        await fillInquiry(page, tenant);
        await page.getByRole('button', { name: '送信する' }).click();

        const toast = page.getByRole('alert').filter({ hasText: SAVE_FAILURE });
        await toast.waitFor();
        await page.screenshot({ path: screenshotPath(`inquiry-failed-${status}-0158-375`), fullPage: true });
        expect(new URL(page.url()).pathname).toBe('/inquiry');
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('お問い合わせ');
        expect(await page.getByLabel(LABELS.companyName).inputValue()).toBe('株式会社みなと食品');
      },
    );

    // A refused save (422) returns its body to the form: the field's message appears under it.
    it('shows the field messages of a refused (422) inquiry under their fields', async () => {
      const tenant = committedTenant('0182');
      const origin = world.origin('0182');
      const { page } = await openPage('0182', '/inquiry', 800);
      await page.route(`${origin}/api/v1/inquiry`, (route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 'error',
            message: 'お問い合わせを受け付けられませんでした',
            errors: { inquiry_email: ['メールアドレスが正しくありません'] },
          }),
        }),
      );
      await fillInquiry(page, tenant);
      await page.getByRole('button', { name: '送信する' }).click();

      await page.getByRole('alert').filter({ hasText: SAVE_FAILURE }).waitFor();
      expect(await fieldMessage(page, LABELS.email)).toBe('メールアドレスが正しくありません');
      expect(new URL(page.url()).pathname).toBe('/inquiry');
    });
  });

  describe('error pages', () => {
    it.each(BANK_WIDTHS)(
      'on bank %s at %i px answer an unknown path with 404 and the way back',
      async (code, width) => {
        const tenant = committedTenant(code);
        const { page, problems } = await openPage(code, '/no-such-page', width);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('404 Not Found');
        expect(await page.getByText('This page could not be found').count()).toBe(1);
        expect(await page.title()).toBe(`${tenant.service_name} | ${tenant.bank_name}`);
        await page.screenshot({ path: screenshotPath(`error-404-${code}-${width}`), fullPage: true });
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        // The navigation itself is the one 404: the gateway answers a path no page answers with 404.
        expect(problems).toEqual([`404: ${world.origin(code)}/no-such-page`]);

        await page.getByRole('link', { name: 'トップページに戻る' }).click();
        await page.getByRole('heading', { level: 1, name: tenant.service_name }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
      },
    );

    // The inquiry is public, so the server never answers it 401: the test answers its one API call
    // with 401 (page.route). The request layer then shows the 401 page itself (spec section 8) and
    // leaves for /logout?to=login after 3 seconds (which goes on to the bank's login).
    it.each(WIDTHS)(
      'show the 401 page when a request finds no login, then go to the login after 3 s (%i px)',
      async (width) => {
        const tenant = committedTenant('0182');
        const origin = world.origin('0182');
        const { page } = await openPage('0182', '/inquiry', width);
        await page.route(`${origin}/api/v1/inquiry`, (route) =>
          route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ status: 'error', message: 'ログインが必要です' }),
          }),
        );
        // The page's timers run on Playwright's clock: the test moves the 3 seconds on itself.
        await page.clock.install();
        await fillInquiry(page, tenant);
        await page.getByRole('button', { name: '送信する' }).click();

        await page.getByRole('heading', { level: 1, name: 'ログインが必要です' }).waitFor();
        // Paused a moment on, while the page's 3 seconds have started running.
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
        expect(await page.getByText('認証エラー').count()).toBe(1);
        expect(await page.getByText('3秒後にログインページに遷移されます').count()).toBe(1);
        await page.screenshot({ path: screenshotPath(`error-401-0182-${width}`), fullPage: true });

        // Not before its 3 seconds.
        const logoutRequests: string[] = [];
        page.on('request', (request) => {
          if (request.url() === `${origin}/logout?to=login`) logoutRequests.push(request.url());
        });
        await page.clock.runFor(1_800);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(logoutRequests).toEqual([]);
        // The gateway answers /logout with a redirect, so the page never loads at that address: wait
        // for the browser to ask for it.
        await Promise.all([
          page.waitForRequest(`${origin}/logout?to=login`, { timeout: 10_000 }),
          page.clock.runFor(1_500),
        ]);
      },
    );
  });
});
