import { describe, expect, it } from 'vitest';
import { screenshotPath, signInAtProvider } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';

// 0147 asks its companies for a card (check_payment_method_filled); its demo owner has none.
const CARD_BANK = '0147';

describe('the card requirement (real server, its local test payment gateway, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [CARD_BANK] });

  it('sends the owner of bank 0147 to the card form; a test card clears it and the dashboard opens', async () => {
    const { page, problems } = await world.open(CARD_BANK);
    await page.goto(`${world.origin(CARD_BANK)}/login`);
    await signInAtProvider(page, world.providerOrigin, `owner-${CARD_BANK}`);
    await page.waitForURL(`${world.origin(CARD_BANK)}/mypage/payment/card/create`, { timeout: 20_000 });
    const form = page.getByRole('form', { name: 'クレジットカード登録フォーム' });
    await form.waitFor();
    const brands = page.getByRole('list', { name: 'ご利用いただけるカードブランド' });
    expect(await brands.getByRole('listitem').allTextContents()).toEqual([
      'VISA',
      'Mastercard',
      'JCB',
      'American Express',
    ]);

    // The declined test number: the gateway's refusal under the field, and still on the form.
    const year = String(new Date().getFullYear() + 2);
    await page.getByLabel('カード番号').fill('4000000000000002');
    await page.getByLabel('有効期限（月）').selectOption('12');
    await page.getByLabel('有効期限（年）').selectOption(year);
    await page.getByLabel('セキュリティコード').fill('123');
    await page.getByLabel('カード名義').fill('TARO YAMADA');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText('このカードはご利用いただけません').first().waitFor();
    await page.screenshot({ path: screenshotPath('payment-card-create-declined'), fullPage: true });

    await page.getByLabel('カード番号').fill('4111111111111111');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL(`${world.origin(CARD_BANK)}/mypage/payment/card/complate`, { timeout: 20_000 });
    await page.getByText('**** **** **** 1111').waitFor();
    await page.screenshot({ path: screenshotPath('payment-card-complate'), fullPage: true });

    await page.getByRole('link', { name: 'ダッシュボードへ' }).click();
    await page.waitForURL(`${world.origin(CARD_BANK)}/mypage/dashboard`);
    await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    await page.screenshot({ path: screenshotPath('payment-card-dashboard'), fullPage: true });
    // A full load of another company page stays there too: the requirement is met, not skipped once.
    await page.goto(`${world.origin(CARD_BANK)}/mypage/news`);
    await page.getByRole('heading', { name: 'ニュース', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mypage/news');
    expect(problems).toEqual([]);
  });
});
