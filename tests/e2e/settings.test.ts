import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES } from '#server/contracts/email-change.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { screenshotPath, signInAtProvider } from '../support/browser.ts';
import { sidewaysOverflow } from './bank-pages.ts';
import { useE2eWorld } from '../support/e2e.ts';
import { mailTo } from '../support/mail-inbox.ts';

const BANK = '0182';
const NEW_PASSWORD = 'sakuraSeiko2026';
const INVITED_PASSWORD = 'yamamotoHana2026';

/** A form row's control by its label, whatever its 必須/任意 tag (姓 is not 姓（カナ）). */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\s*(必須|任意)?$`));
}

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

  it('lets the owner of 0182 invite an employee who registers from the mail, then disable them: their open session ends', async () => {
    const origin = world.origin(BANK);
    const owner = await world.open(BANK);
    await world.logIn(owner.page, BANK, `owner-${BANK}`, '/mypage/setting/account');
    await owner.page.waitForURL(`${origin}/mypage/setting/account`);
    const email = 'hana.yamamoto@example.jp';
    const invite = owner.page.getByRole('form', { name: '従業員の招待' });
    await field(owner.page, 'メールアドレス').fill(email);
    await field(owner.page, 'お名前').fill('山本 花子');
    await invite.getByRole('button', { name: '招待メールを送る' }).click();
    await owner.page.getByText('招待メールを送信しました').waitFor();
    await owner.page
      .getByRole('table', { name: '招待の一覧' })
      .getByRole('rowheader', { name: email })
      .waitFor();
    await owner.page.screenshot({ path: screenshotPath(`settings-account-${BANK}`), fullPage: true });

    const invitation = await mailTo(world.server.mailInboxUrl, email, { subject: '招待' });
    const link =
      /(http:\/\/\S+\/register\/employee\/invitation\/[A-Za-z0-9_-]{43})/.exec(invitation.text)?.[1] ?? '';
    expect(link, invitation.text).toMatch(new RegExp(`^${origin}/`));
    const employee = await world.open(BANK);
    await employee.page.goto(link);
    await field(employee.page, '姓').fill('山本');
    await field(employee.page, '名').fill('花子');
    await field(employee.page, '姓（カナ）').fill('ヤマモト');
    await field(employee.page, '名（カナ）').fill('ハナコ');
    await employee.page.locator('#password').fill(INVITED_PASSWORD);
    await employee.page.locator('#password_confirmation').fill(INVITED_PASSWORD);
    await employee.page.getByRole('button', { name: '登録する' }).click();
    await employee.page.waitForURL(`${origin}/register/employee/thankyou`);
    const loginId =
      (await employee.page.getByText(/^ログインID/).textContent())?.replace(/^ログインID[:：]\s*/, '') ?? '';
    await employee.page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await signInAtProvider(employee.page, world.providerOrigin, loginId, INVITED_PASSWORD);
    await employee.page.waitForURL(`${origin}/mypage/dashboard`);

    // The owner finds the new employee in the list and disables them.
    await owner.page.reload();
    await owner.page.getByRole('table', { name: '招待の一覧' }).getByText('登録済み').waitFor();
    await owner.page
      .getByRole('table', { name: '企業のアカウント' })
      .getByRole('link', { name: '山本 花子' })
      .click();
    await owner.page.getByRole('button', { name: 'アカウントを無効にする' }).click();
    await owner.page
      .getByRole('dialog', { name: 'アカウントの無効化' })
      .getByRole('button', { name: '無効にする' })
      .click();
    await owner.page.getByText('アカウントを無効にしました').waitFor();
    await owner.page.getByRole('button', { name: 'アカウントを有効にする' }).waitFor();
    await owner.page.screenshot({
      path: screenshotPath(`settings-account-disabled-${BANK}`),
      fullPage: true,
    });

    // The employee's open page: its next call is refused and the page says the login is over.
    await employee.page.getByRole('link', { name: 'プロフィール' }).first().click();
    await employee.page.getByText(MESSAGES.authenticationError).first().waitFor();
    await employee.page.screenshot({
      path: screenshotPath(`settings-account-ended-${BANK}`),
      fullPage: true,
    });
    expect(owner.problems).toEqual([]);
  });

  it('changes the e-mail address of a user of 0182 once the link mailed to the new address is opened on a phone', async () => {
    const origin = world.origin(BANK);
    const { page, problems } = await world.open(BANK);
    await world.logIn(page, BANK, `user-${BANK}`, '/mypage/setting/profile');
    await page.waitForURL(`${origin}/mypage/setting/profile`);
    const newEmail = 'kaori.new-address@example.jp';
    await field(page, 'メールアドレス').fill(newEmail);
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText(EMAIL_CHANGE_MESSAGES.confirmationSent).first().waitFor();
    await page.getByText(EMAIL_CHANGE_MESSAGES.pendingLabel).first().waitFor();

    // The link names the bank's own origin (issue 28 item 7) and opens the page on a 390 px phone.
    const mail = await mailTo(world.server.mailInboxUrl, newEmail, { subject: 'メールアドレス変更の確認' });
    const link = /(http:\/\/\S+\/email\/confirm#token=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
    expect(link, mail.text).toMatch(new RegExp(`^${origin}/`));
    const phone = await world.open(BANK, 390);
    await phone.page.goto(link);
    await phone.page.getByRole('button', { name: 'メールアドレスの変更を完了する' }).click();
    await phone.page.getByText(EMAIL_CHANGE_MESSAGES.confirmed).waitFor();
    expect(await sidewaysOverflow(phone.page)).toBe(0);
    await phone.page.screenshot({ path: screenshotPath(`settings-email-confirmed-${BANK}`), fullPage: true });

    // The same link again says it was used.
    await phone.page.goto(`${origin}/`);
    await phone.page.goto(link);
    await phone.page.getByRole('button', { name: 'メールアドレスの変更を完了する' }).click();
    await phone.page.getByRole('alert').getByText(EMAIL_CHANGE_MESSAGES.linkUsed).waitFor();

    await page.reload();
    await expect.poll(() => field(page, 'メールアドレス').inputValue()).toBe(newEmail);
    expect(problems).toEqual([]);
  });
});
