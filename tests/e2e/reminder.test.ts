import { describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES } from '#server/contracts/reminder.ts';
import { screenshotPath, signInAtProvider } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';
import { mailTo } from '../support/mail-inbox.ts';

const BANK = '0182';
const LOGIN_ID = `employee-${BANK}`;
const NEW_PASSWORD = 'minato2026Kaigi';

describe('password reminder (real server, its provider and mail catcher, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [BANK] });

  it('takes a user from the provider’s login page through the mailed link to a login with the new password', async () => {
    const { page, problems } = await world.open(BANK);
    await page.goto(`${world.origin(BANK)}/login`);
    await page.waitForURL((url) => url.origin === world.providerOrigin);
    await page.getByRole('img', { name: 'しおさい銀行' }).waitFor();
    await page.screenshot({ path: screenshotPath('provider-login-0182') });
    await page.getByRole('link', { name: 'パスワードをお忘れの方はこちら' }).click();

    await page.waitForURL(`${world.origin(BANK)}/reminder`);
    await page.getByLabel('ログインIDまたはメールアドレス').fill(LOGIN_ID);
    await page.getByRole('button', { name: '送信する' }).click();
    await page.getByText(REMINDER_MESSAGES.requested).waitFor();

    const mail = await mailTo(world.server.mailInboxUrl, `${LOGIN_ID}@example.com`);
    expect(mail.subject).toBe('【法人ビジネスポータル】パスワード再設定のご案内');
    const { text } = mail;
    // The HTML part as a mail client shows it, logo from the bank's host included.
    const mailView = await page.context().newPage();
    await mailView.setContent(mail.html, { waitUntil: 'load' });
    await mailView.screenshot({ path: screenshotPath('reminder-mail-html'), fullPage: true });
    await mailView.close();
    const link = /^(http:\/\/\S+\/reminder#token=\S+)$/m.exec(text)?.[1];
    expect(link, text).toMatch(new RegExp(`^${world.origin(BANK)}/reminder#token=`));

    await page.goto(link ?? '');
    await page.getByText(`ログインID「${LOGIN_ID}」の新しいパスワードを設定してください。`).waitFor();
    await page.locator('#password').fill(NEW_PASSWORD);
    await page.locator('#password_confirmation').fill(NEW_PASSWORD);
    await page.screenshot({ path: screenshotPath('reminder-new-password'), fullPage: true });
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click();

    await page.waitForURL(`${world.origin(BANK)}/reminder/completed`);
    await page.getByText('パスワードを再設定しました。').waitFor();
    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await signInAtProvider(page, world.providerOrigin, LOGIN_ID, NEW_PASSWORD);
    await page.waitForURL(`${world.origin(BANK)}/mypage/dashboard`);
    await page.getByText('ようこそ、').waitFor();
    expect(problems).toEqual([]);
  });
});
