import { describe, expect, it } from 'vitest';
import { screenshotPath, signInAtProvider } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';

const BANK = '0182';
const NEW_PASSWORD = 'sakuraSeiko2026';

describe('a company user’s own settings (real server, real provider, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [BANK] });

  it('lets an employee of 0182 rename themself, seen in the app bar at once, then change the password and log in with it', async () => {
    const origin = world.origin(BANK);
    const { page, problems } = await world.open(BANK);
    const loginId = `employee-${BANK}`;
    await world.logIn(page, BANK, loginId, '/mypage/setting/profile');
    await page.waitForURL(`${origin}/mypage/setting/profile`);
    const lastName = page.getByLabel(/^氏名（姓）/);
    await lastName.fill('髙橋');
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('登録が完了しました').waitFor();
    await page
      .getByTestId('profile-block')
      .getByText(/^髙橋 /)
      .waitFor();
    await page.screenshot({ path: screenshotPath(`settings-profile-${BANK}`), fullPage: true });

    await page.goto(`${origin}/mypage/setting/password`);
    await page.getByLabel(/^現在のパスワード/).fill('demo-password');
    await page.getByLabel(/^新しいパスワード(\s*必須)?$/).fill(NEW_PASSWORD);
    await page.getByLabel(/^新しいパスワード（確認）/).fill(NEW_PASSWORD);
    await page.screenshot({ path: screenshotPath(`settings-password-${BANK}`), fullPage: true });
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await page.getByText('パスワードを変更しました').waitFor();
    // The session that made the change goes on.
    await page.goto(`${origin}/mypage/dashboard`);
    await page.waitForURL(`${origin}/mypage/dashboard`);

    // A new browser logs in with the new password.
    const second = await world.open(BANK);
    await second.page.goto(`${origin}/login`);
    await signInAtProvider(second.page, world.providerOrigin, loginId, NEW_PASSWORD);
    await second.page.waitForURL(`${origin}/mypage/dashboard`);
    expect(problems).toEqual([]);
    expect(second.problems).toEqual([]);
  });
});
