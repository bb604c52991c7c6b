import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_VARIANTS } from '#server/contracts/registration-variants.ts';
import { screenshotPath, signInAtProvider } from '../support/browser.ts';
import { useE2eWorld } from '../support/e2e.ts';
import { TINY_PNG } from '../support/identification-upload.ts';
import { mailTo } from '../support/mail-inbox.ts';
import { APPLICATION_STEPS } from '../support/registration-application.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const { applicant, company, bank } = APPLICATION_STEPS;
const OWNER_PASSWORD = 'minatoFoods2026';
const EMPLOYEE_PASSWORD = 'satoKen2026x';

/** A form row's control by its label, whatever its 必須/任意 tag (姓 is not 姓（カナ）). */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\s*(必須|任意)?$`));
}

async function fill(page: Page, label: string, value: string) {
  await field(page, label).fill(value);
}

/** From the chooser to the thank-you page, as an applicant of the ba variant fills the form in. */
async function applyOnline(page: Page, origin: string) {
  await page.goto(`${origin}/register`);
  await page.getByRole('link', { name: REGISTRATION_VARIANTS.ba.title }).click();
  await page.waitForURL(`${origin}/register/agreement?variant=ba`);
  await page.getByRole('button', { name: '同意して入力に進む' }).click();
  await page.getByText('必須入力項目です').first().waitFor();
  await page.getByLabel('利用規約に同意する').check();
  await page.getByLabel('反社会的勢力に該当しないことを表明・確約する').check();
  await page.getByLabel('個人情報の取り扱いに同意する').check();
  await page.screenshot({ path: screenshotPath('register-agreement-0182'), fullPage: true });
  await page.getByRole('button', { name: '同意して入力に進む' }).click();
  await page.waitForURL((url) => url.pathname === '/register/ba' && url.hash.startsWith('#draft='));

  await page.getByRole('heading', { name: 'お申込者の情報' }).waitFor();
  await fill(page, '姓', applicant.user_last_name);
  await fill(page, '名', applicant.user_first_name);
  await fill(page, '姓（カナ）', 'こばやし');
  await fill(page, '名（カナ）', applicant.user_first_name_kana);
  await fill(page, 'メールアドレス', applicant.user_email);
  await fill(page, 'メールアドレス（確認）', applicant.user_email);
  await fill(page, '電話番号', applicant.user_tel);
  await page.getByRole('button', { name: '次へ' }).click();
  await page.getByText('カナを入力してください').waitFor();
  await fill(page, '姓（カナ）', applicant.user_last_name_kana);
  await page.getByRole('button', { name: '次へ' }).click();

  await page.getByRole('heading', { name: '企業の情報' }).waitFor();
  await fill(page, '法人番号', company.company_corporate_number);
  await fill(page, '企業名', company.company_name);
  await fill(page, '企業名（カナ）', company.company_name_kana);
  await fill(page, '代表者名', company.company_representative_name);
  await fill(page, '代表者の生年月日', company.company_representative_birthday);
  await fill(page, '設立年月日', company.company_establish_date);
  await field(page, '決算月').selectOption(company.company_account_closing_month);
  await fill(page, '従業員数', company.company_employee_count);
  await fill(page, '本社 郵便番号', company.company_post_code);
  await page.getByRole('button', { name: '住所検索' }).click();
  // The post-code data set on the server fills in the prefecture and the city and town.
  await expect.poll(() => field(page, '本社 市区町村').inputValue(), { timeout: 15_000 }).toBe('中央区銀座');
  expect(await field(page, '本社 都道府県').inputValue()).toBe('13');
  await fill(page, '本社 町名・番地', '1-2-3');
  await field(page, '業種（大分類）').selectOption(company.company_industry_major_code);
  await field(page, '業種（中分類）').selectOption(company.company_industry_middle_code);
  await page.screenshot({ path: screenshotPath('register-company-step-0182'), fullPage: true });
  await page.getByRole('button', { name: '次へ' }).click();

  await page.getByRole('heading', { name: 'お取引店・口座' }).waitFor();
  await field(page, 'お取引店').selectOption({ index: 1 });
  await page.getByLabel('普通').check();
  await fill(page, '口座番号', bank.bank_account_number);
  await page.getByRole('button', { name: '次へ' }).click();

  await page.getByRole('heading', { name: '本人確認書類' }).waitFor();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'license.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await page.getByText('「license.png」をアップロードしました。').waitFor();
  await page.getByRole('button', { name: '次へ' }).click();

  await page.getByRole('heading', { name: 'ご利用になるサービス' }).waitFor();
  await page.getByRole('button', { name: '入力内容の確認へ' }).click();

  await page.getByRole('heading', { name: '入力内容の確認' }).waitFor();
  await page.getByText(company.company_name).waitFor();
  await page.getByText('中央区銀座').waitFor();
  await page.screenshot({ path: screenshotPath('register-confirm-0182'), fullPage: true });
  await page.getByRole('button', { name: 'この内容で申し込む' }).click();
  await page.waitForURL(`${origin}/register/thankyou`);
  await page.getByText('お申し込みを受け付けました。').waitFor();
  return (await page.getByText(/申込番号: /).textContent())?.split('申込番号: ')[1] ?? '';
}

/** The bank's desk: the application in the list, its detail, 承認する and its confirmation. */
async function approveAtDesk(page: Page, origin: string, code: string) {
  await page.goto(`${origin}/admin/companyregister`);
  await page.getByLabel('キーワード').fill(code);
  await page.getByRole('button', { name: '検索' }).click();
  await page.getByRole('link', { name: code }).click();
  await page.waitForURL(`${origin}/admin/companyregister/detail/${code}`);
  await page.getByRole('link', { name: /license\.png/ }).waitFor();
  await page.screenshot({ path: screenshotPath('admin-companyregister-detail-0182'), fullPage: true });
  await page.getByRole('button', { name: '承認する' }).click();
  await page.getByRole('dialog', { name: '申請の承認' }).getByRole('button', { name: '承認する' }).click();
  await page.getByText('申請を承認しました').waitFor();
}

describe('company registration (real server, provider, mail catcher, Chromium)', () => {
  const world = useE2eWorld({ providerFor: [BANK, OTHER_BANK] });

  it('takes an application from the chooser to the bank’s approval and the owner’s first login', async () => {
    const visitor = await world.open(BANK);
    const code = await applyOnline(visitor.page, world.origin(BANK));
    expect(code).toMatch(/^\S+$/);
    const receipt = await mailTo(world.server.mailInboxUrl, applicant.user_email, { subject: '受け付け' });
    expect(receipt.text).toContain(code);

    // Another bank's admin never sees it: not in the list, and its detail is no page of theirs.
    const other = await world.open(OTHER_BANK);
    await world.logIn(other.page, OTHER_BANK, `bankadmin-${OTHER_BANK}`, '/admin/companyregister');
    await other.page.getByLabel('キーワード').fill(code);
    await other.page.getByRole('button', { name: '検索' }).click();
    await other.page.getByText('該当するデータがありません').waitFor();
    expect(await other.page.getByRole('link', { name: code }).count()).toBe(0);

    const staff = await world.open(BANK);
    await world.logIn(staff.page, BANK, `bankadmin-${BANK}`, '/admin/dashboard');
    await approveAtDesk(staff.page, world.origin(BANK), code);

    const welcome = await mailTo(world.server.mailInboxUrl, applicant.user_email, { subject: 'ご利用開始' });
    const loginId = /ログインID[:：]\s*(\S+)/.exec(welcome.text)?.[1] ?? '';
    const link = /^(http:\/\/\S+\/reminder#token=\S+)$/m.exec(welcome.text)?.[1] ?? '';
    expect(link, welcome.text).toMatch(new RegExp(`^${world.origin(BANK)}/reminder#token=`));

    const owner = await world.open(BANK);
    await owner.page.goto(link);
    await owner.page.getByText(`ログインID「${loginId}」の新しいパスワードを設定してください。`).waitFor();
    await owner.page.locator('#password').fill(OWNER_PASSWORD);
    await owner.page.locator('#password_confirmation').fill(OWNER_PASSWORD);
    await owner.page.getByRole('button', { name: 'パスワードを再設定する' }).click();
    await owner.page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await signInAtProvider(owner.page, world.providerOrigin, loginId, OWNER_PASSWORD);
    await owner.page.waitForURL(`${world.origin(BANK)}/mypage/dashboard`);
    await owner.page.getByText('ようこそ、').waitFor();
    await owner.page.screenshot({ path: screenshotPath('registered-owner-dashboard-0182'), fullPage: true });

    for (const { problems } of [visitor, other, staff, owner]) expect(problems).toEqual([]);
  });

  it('lets an employee the owner invited register from the mail and log in', async () => {
    const owner = await world.open(BANK);
    await world.logIn(owner.page, BANK, `owner-${BANK}`, '/mypage/dashboard');
    const email = 'k.sato@example.jp';
    // The owner's invitation, as the account settings page sends it (the same origin, the marker).
    const invited = await owner.page.evaluate(async (address) => {
      const answer = await fetch('/api/v1/company/employee/invitations', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ email: address, name: '佐藤 健' }),
      });
      return answer.status;
    }, email);
    expect(invited).toBe(200);
    const invitation = await mailTo(world.server.mailInboxUrl, email, { subject: '招待' });
    const link =
      /(http:\/\/\S+\/register\/employee\/invitation\/[A-Za-z0-9_-]{43})/.exec(invitation.text)?.[1] ?? '';
    expect(link, invitation.text).toMatch(new RegExp(`^${world.origin(BANK)}/`));

    const employee = await world.open(BANK);
    await employee.page.goto(link);
    await employee.page.getByText(/の従業員として登録します/).waitFor();
    await fill(employee.page, '姓', '佐藤');
    await fill(employee.page, '名', '健');
    await fill(employee.page, '姓（カナ）', 'サトウ');
    await fill(employee.page, '名（カナ）', 'ケン');
    await employee.page.locator('#password').fill(EMPLOYEE_PASSWORD);
    await employee.page.locator('#password_confirmation').fill(EMPLOYEE_PASSWORD);
    await employee.page.screenshot({
      path: screenshotPath('register-employee-invitation-0182'),
      fullPage: true,
    });
    await employee.page.getByRole('button', { name: '登録する' }).click();
    await employee.page.waitForURL(`${world.origin(BANK)}/register/employee/thankyou`);
    const loginId =
      (await employee.page.getByText(/^ログインID/).textContent())?.replace(/^ログインID[:：]\s*/, '') ?? '';
    expect(loginId).not.toBe('');

    await employee.page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await signInAtProvider(employee.page, world.providerOrigin, loginId, EMPLOYEE_PASSWORD);
    await employee.page.waitForURL(`${world.origin(BANK)}/mypage/dashboard`);
    await employee.page.getByText('ようこそ、佐藤 健 様').waitFor();
    for (const { problems } of [owner, employee]) expect(problems).toEqual([]);
  });
});
