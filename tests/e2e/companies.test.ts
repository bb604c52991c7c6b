import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BULK_CREATE_COLUMNS } from '#server/contracts/company-bulk-create.ts';
import { screenshotPath } from '../support/browser.ts';
import type { PageImage } from './bank-pages.ts';
import { useE2eWorld } from '../support/e2e.ts';
import { TINY_PNG } from '../support/identification-upload.ts';

const BANK = '0182';

/** Three companies as a bank's staff would list them in the template (UTF-8 with BOM). */
const BULK_ROWS = (
  [
    ['一括あさひ工業株式会社', 'イッカツアサヒコウギョウ', '朝日', '一郎', 'アサヒ', 'イチロウ', 'asahi'],
    ['一括みなと物産株式会社', 'イッカツミナトブッサン', '港', '花子', 'ミナト', 'ハナコ', 'minato'],
    ['一括かえで設計合同会社', 'イッカツカエデセッケイ', '楓', '健', 'カエデ', 'ケン', 'kaede'],
  ] as const
).map(([name, kana, last, first, lastKana, firstKana, mail]) => ({
  company_name: name,
  company_name_kana: kana,
  company_type: 'normal',
  company_corporate_number: '',
  bb_code: '001',
  company_representative_name: '',
  company_tel: '',
  user_last_name: last,
  user_first_name: first,
  user_last_name_kana: lastKana,
  user_first_name_kana: firstKana,
  user_email: `${mail}@e2e-bulk.example.jp`,
  user_login_id: '',
}));

function bulkCsv(): Buffer {
  const lines = [
    BULK_CREATE_COLUMNS.map((column) => column.header).join(','),
    ...BULK_ROWS.map((row) => BULK_CREATE_COLUMNS.map((column) => row[column.key]).join(',')),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The text of every cell of a column of the company list, by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const table = page.getByRole('table', { name: '企業一覧' });
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim().startsWith(header));
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(' | ')}`);
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map(async (row) => (await row.locator('th, td').nth(index).innerText()).trim()));
}

describe('the bank’s company desk (real server, real provider, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [BANK] });

  it('lets a bank admin of 0182 bulk-create three companies from a CSV: preview, save, then find them in the list', async () => {
    const origin = world.origin(BANK);
    const { page, problems } = await world.open(BANK);
    await world.logIn(page, BANK, `bankadmin-${BANK}`, '/admin/company/bulk-create');
    await page.waitForURL(`${origin}/admin/company/bulk-create`);

    await page.getByLabel('ファイル', { exact: true }).setInputFiles({
      name: 'companies.csv',
      mimeType: 'text/csv',
      buffer: bulkCsv(),
    });
    await page.getByText('companies.csv：全3件。エラーはありません。').waitFor();
    for (const row of BULK_ROWS) await page.getByText(row.company_name, { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath(`company-bulk-create-${BANK}-preview`), fullPage: true });

    await Promise.all([
      page.waitForURL(`${origin}/admin/company`),
      page.getByRole('button', { name: '登録する' }).click(),
    ]);
    await page.getByText('保存しました').waitFor();

    await page.getByRole('searchbox', { name: 'キーワード' }).fill('一括');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === '一括');
    await page.getByRole('link', { name: BULK_ROWS[0]?.company_name ?? '' }).waitFor();
    expect((await columnTexts(page, '企業名')).sort()).toEqual(
      BULK_ROWS.map((row) => row.company_name).sort(),
    );
    expect(await columnTexts(page, 'お取引店')).toEqual(['本店営業部', '本店営業部', '本店営業部']);
    await page.screenshot({ path: screenshotPath(`company-list-${BANK}-bulk-created`), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('shows a branch user of 0182 only the companies of their own branches', async () => {
    const origin = world.origin(BANK);
    const { page, problems } = await world.open(BANK);
    await world.logIn(page, BANK, `branchuser-${BANK}`, '/admin/company');
    await page.waitForURL(`${origin}/admin/company`);
    await page.getByRole('table', { name: '企業一覧' }).locator('tbody tr').first().waitFor();
    const branches = new Set(await columnTexts(page, 'お取引店'));
    // branchuser works for 本店営業部 (001) and 駅前支店 (010); the demo has companies at six branches.
    expect([...branches].sort()).toEqual(['本店営業部', '駅前支店'].sort());
    expect(await page.getByRole('link', { name: '港町支店' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath(`company-list-${BANK}-branch-user`), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('lets an owner rename the company and give it a logo, and shows both in the app bar at once', async () => {
    const origin = world.origin(BANK);
    const { page, problems } = await world.open(BANK);
    await world.logIn(page, BANK, `owner-${BANK}`, '/mypage/company/edit');
    await page.waitForURL(`${origin}/mypage/company/edit`);
    const name = page.getByRole('textbox', { name: '企業名 必須' });
    await name.waitFor();
    await name.fill('さくら精工ホールディングス株式会社');
    await page
      .getByLabel('ロゴ画像')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('登録が完了しました').waitFor();

    const block = page.getByTestId('profile-block');
    await block.getByText('さくら精工ホールディングス株式会社').waitFor();
    const logo = block.getByRole('img', { name: 'さくら精工ホールディングス株式会社のロゴ' });
    await logo.waitFor();
    expect(await logo.evaluate((image: PageImage) => image.naturalWidth > 0)).toBe(true);
    expect(page.url()).toBe(`${origin}/mypage/company/edit`);
    await page.screenshot({ path: screenshotPath(`company-profile-${BANK}-saved`), fullPage: true });
    expect(problems).toEqual([]);
  });
});
