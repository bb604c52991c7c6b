import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BADGES_PATH } from '#server/contracts/badge-counters.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { screenshotPath } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';

const PUBLISHING_BANK = '0182';
const OTHER_BANK = '0158';
/** A one-page PDF: the server tells the type from these bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A staff form's field by its name (a required one's label ends with 必須). */
const fieldNamed = (name: string) => new RegExp(`^${name}\\s*(必須)?$`);

/** The unread news count the layout's badge shows, as the gateway answers it for the page's session. */
function unreadNewsCount(page: Page): Promise<number> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { result: { unreadNews?: number } };
    return body.result.unreadNews ?? 0;
  }, BADGES_PATH);
}

/** The status a GET from the page's own origin answers (the page's cookies go with it). */
function statusOf(page: Page, path: string): Promise<{ status: number; type: string | null }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    return { status: response.status, type: response.headers.get('content-type') };
  }, path);
}

describe('news from a bank to its companies (real server, real provider, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [PUBLISHING_BANK, OTHER_BANK] });

  /** A browser of its own, logged in at the bank as `loginId`, on `path`. */
  async function loggedIn(bank: string, loginId: string, path: string) {
    const origin = world.origin(bank);
    const opened = await world.open(bank);
    await world.logIn(opened.page, bank, loginId, path);
    await opened.page.waitForURL(`${origin}${path}`);
    return opened;
  }

  it('a bank admin of 0182 publishes a news item with an attachment; an owner of 0182 sees it unread, opens it and the badge goes down; an owner of 0158 never sees it; the public page shows it on 0182 only', async () => {
    const title = `電子契約サービス開始のお知らせ（${Date.now()}）`;

    // The bank admin writes and publishes it, with a PDF attached.
    const admin = await loggedIn(PUBLISHING_BANK, `bankadmin-${PUBLISHING_BANK}`, '/admin/news/create');
    const form = admin.page;
    await form.getByLabel(fieldNamed('タイトル')).fill(title);
    await form.getByRole('textbox', { name: fieldNamed('本文') }).click();
    await form.keyboard.type('本日より、電子契約サービスのお申し込みを受け付けています。');
    await form.getByLabel(fieldNamed('カテゴリ')).selectOption({ label: 'お知らせ' });
    await form.getByRole('radio', { name: '公開', exact: true }).check();
    await form.getByLabel(fieldNamed('公開開始日')).fill(japanDateString());
    await form.getByRole('radio', { name: 'すべての企業', exact: true }).check();
    await form.getByLabel('ファイルを選択', { exact: true }).setInputFiles({
      name: '電子契約のご案内.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await form.getByRole('list', { name: '添付ファイル一覧' }).getByText('電子契約のご案内.pdf').waitFor();
    await form.getByRole('button', { name: '登録する', exact: true }).click();
    await form.getByText('登録が完了しました').first().waitFor();
    await form.waitForURL(/\/admin\/news\/detail\/\d+$/);
    const articleId = Number(new URL(form.url()).pathname.split('/').at(-1));
    expect(articleId).toBeGreaterThan(0);
    await form.screenshot({ path: screenshotPath('news-admin-published') });
    expect(admin.problems).toEqual([]);

    // A company owner of the same bank: the item is unread, the badge counts it; opening it clears it.
    const owner = await loggedIn(PUBLISHING_BANK, `owner-${PUBLISHING_BANK}`, '/mypage/news');
    const page = owner.page;
    const unreadBefore = await unreadNewsCount(page);
    expect(unreadBefore).toBeGreaterThan(0);
    await page.getByText(`未読${unreadBefore}件`).first().waitFor();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row.getByText('未読').waitFor();
    await row.getByRole('link', { name: title }).click();
    await page.waitForURL(`${world.origin(PUBLISHING_BANK)}/mypage/news/detail/${articleId}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('本日より、電子契約サービスのお申し込みを受け付けています。').waitFor();
    const attachment = page.getByRole('link', { name: /電子契約のご案内\.pdf/ });
    const href = await attachment.getAttribute('href');
    expect(href).toMatch(/^\/api\/v1\/files\/\w+$/);
    expect(await statusOf(page, href ?? '')).toEqual({ status: 200, type: 'application/pdf' });
    await expect.poll(() => unreadNewsCount(page)).toBe(unreadBefore - 1);
    if (unreadBefore > 1)
      await page
        .getByText(`未読${unreadBefore - 1}件`)
        .first()
        .waitFor();
    await page.screenshot({ path: screenshotPath('news-owner-read') });
    expect(owner.problems).toEqual([]);

    // A company owner of the other bank never sees it: not in the list, 404 by id.
    const other = await loggedIn(OTHER_BANK, `owner-${OTHER_BANK}`, '/mypage/news');
    await other.page.getByRole('list').first().waitFor();
    expect(await other.page.getByText(title).count()).toBe(0);
    expect((await statusOf(other.page, `/api/v1/news/${articleId}`)).status).toBe(404);
    await other.page.goto(`${world.origin(OTHER_BANK)}/mypage/news/detail/${articleId}`);
    await other.page.getByText('404 Not Found').waitFor();
    expect(await other.page.getByText(title).count()).toBe(0);

    // Without login: the public page shows it on 0182's host, and 404 on 0158's.
    const visitor = await world.open(PUBLISHING_BANK);
    await visitor.page.goto(`${world.origin(PUBLISHING_BANK)}/news/detail/${articleId}`);
    await visitor.page.getByRole('heading', { name: title }).waitFor();
    const stranger = await world.open(OTHER_BANK);
    await stranger.page.goto(`${world.origin(OTHER_BANK)}/news/detail/${articleId}`);
    await stranger.page.getByText('404 Not Found').waitFor();
    expect(await stranger.page.getByText(title).count()).toBe(0);
  });
});
