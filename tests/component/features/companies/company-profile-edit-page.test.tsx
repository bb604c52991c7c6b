import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CompanyProfile, COMPANY_PROFILE_MESSAGES } from '#server/contracts/company-profile.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { type FakeAnswer, type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { errorOf, requestsTo, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import { preloadProfilePages, renderProfilePage } from './company-profile-pages.tsx';

const PAGE = '/mypage/company/edit';
const PROFILE_CALL = 'GET /api/v1/company/profile';
const SAVE_CALL = 'POST /api/v1/company/profile/save';
const LOGO_CALL = 'POST /api/v1/company/logo';
const LOGO_DELETE_CALL = 'DELETE /api/v1/company/logo';
const LOGO_CODE = '0123456789abcdef0123456789abcdef';
const NEW_LOGO_CODE = 'fedcba9876543210fedcba9876543210';

/** The owner's company as GET /api/v1/company/profile answers it; `change` overrides fields. */
function profile(change: Partial<CompanyProfile> = {}): CompanyProfile {
  return {
    company_unique_code: 'company-10',
    company_corporate_number: '1234567890123',
    company_name: '株式会社さくら精工',
    company_name_kana: 'サクラセイコウ',
    company_tel: '03-5000-1001',
    company_post_code: '100-1001',
    company_prefecture_code: '13',
    company_address1: '中央区',
    company_address2: '本町1丁目2-3',
    company_address3: null,
    company_representative_name: '佐藤 健一',
    company_industry_major_code: 'E',
    company_industry_middle_code: '09',
    company_employee_count: 86,
    company_website_url: 'https://www.example.com/sakura-seiko',
    company_logo_file: { file_unique_code: LOGO_CODE, file_url: `/api/v1/file/${LOGO_CODE}` },
    ...change,
  };
}

/** What the form sends for `profile()` unchanged (the controls' text, as entered). */
const UNCHANGED_BODY = {
  company_name: '株式会社さくら精工',
  company_name_kana: 'サクラセイコウ',
  company_tel: '03-5000-1001',
  company_post_code: '100-1001',
  company_prefecture_code: '13',
  company_address1: '中央区',
  company_address2: '本町1丁目2-3',
  company_address3: '',
  company_representative_name: '佐藤 健一',
  company_industry_major_code: 'E',
  company_industry_middle_code: '09',
  company_employee_count: 86,
  company_website_url: 'https://www.example.com/sakura-seiko',
};

/** The save answers the profile as the server stores it: the body's fields over the profile. */
const savedAnswer = (body: unknown): FakeAnswer => {
  const fields = body as typeof UNCHANGED_BODY;
  return successAnswer(profile({ ...fields, company_address3: null }));
};

async function openForm(api: FakeApi = {}, bank: (typeof FIXTURE_BANKS)[number] = FIXTURE_BANKS[0]) {
  const opened = renderProfilePage(PAGE, {
    user: fixtureUser('company_owner'),
    config: bank.config(),
    api: { [PROFILE_CALL]: () => successAnswer(profile()), [SAVE_CALL]: savedAnswer, ...api },
  });
  await screen.findByRole('form', { name: '企業情報の入力' });
  return opened;
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const save = () => screen.getByRole('button', { name: '保存する' });
const logoInput = () => screen.getByLabelText('ロゴ画像') as HTMLInputElement;
const png = (name = 'new-logo.png', size = 64) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeAll(preloadProfilePages, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/company/edit on bank $code', (bank) => {
  it('shows the company’s profile in the form, its logo, and its corporate number as it stands', async () => {
    await openForm({}, bank);
    expect(textbox('企業名 必須')).toHaveValue('株式会社さくら精工');
    expect(textbox('企業名（カナ） 必須')).toHaveValue('サクラセイコウ');
    expect(textbox('企業名（カナ） 必須')).toHaveAccessibleDescription('全角カタカナで入力してください。');
    expect(textbox('電話番号')).toHaveValue('03-5000-1001');
    expect(textbox('郵便番号 必須')).toHaveValue('100-1001');
    expect(select('都道府県 必須')).toHaveDisplayValue('東京都');
    expect(textbox('市区町村 必須')).toHaveValue('中央区');
    expect(textbox('町名・番地 必須')).toHaveValue('本町1丁目2-3');
    expect(textbox('建物名・部屋番号')).toHaveValue('');
    expect(textbox('代表者名')).toHaveValue('佐藤 健一');
    expect(select('業種（大分類） 必須')).toHaveDisplayValue('製造業');
    expect(select('業種（中分類） 必須')).toHaveDisplayValue('食料品製造業');
    expect(textbox('従業員数')).toHaveValue('86');
    expect(textbox('ホームページURL')).toHaveValue('https://www.example.com/sakura-seiko');
    expect(screen.getByRole('img', { name: '現在のロゴ' })).toHaveAttribute(
      'src',
      `/api/v1/file/${LOGO_CODE}`,
    );
    expect(screen.getByText('1234567890123')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'ロゴを削除する' })).not.toBeChecked();
  });

  it('saves what was entered, says 登録が完了しました, and has the app bar show the new name', async () => {
    const { fetch, refreshUser, user } = await openForm({}, bank);
    await user.clear(textbox('企業名 必須'));
    await user.type(textbox('企業名 必須'), 'さくら精工ホールディングス株式会社');
    await user.clear(textbox('従業員数'));
    await user.type(textbox('従業員数'), '90');
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      { ...UNCHANGED_BODY, company_name: 'さくら精工ホールディングス株式会社', company_employee_count: 90 },
    ]);
    // The app bar's profile block: the shell loads the user again, the page stays.
    await waitFor(() => expect(refreshUser).toHaveBeenCalledTimes(1));
    expect(textbox('企業名 必須')).toHaveValue('さくら精工ホールディングス株式会社');
    expect(requestsTo(fetch, LOGO_CALL)).toEqual([]);
  });
});

describe('/mypage/company/edit', () => {
  it('saves without loading the user again when neither the name nor the logo changed', async () => {
    const { fetch, refreshUser, user } = await openForm();
    await user.type(textbox('建物名・部屋番号'), 'さくらビル3階');
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([{ ...UNCHANGED_BODY, company_address3: 'さくらビル3階' }]);
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it('shows each field’s message under it, focuses the first, and sends nothing', async () => {
    const { fetch, user } = await openForm();
    await user.clear(textbox('企業名 必須'));
    await user.clear(textbox('企業名（カナ） 必須'));
    await user.type(textbox('企業名（カナ） 必須'), 'sakura');
    await user.clear(textbox('電話番号'));
    await user.type(textbox('電話番号'), '0350001001');
    await user.clear(textbox('ホームページURL'));
    await user.type(textbox('ホームページURL'), 'www.example.com');
    await user.clear(textbox('従業員数'));
    await user.type(textbox('従業員数'), '-3');
    await user.selectOptions(select('都道府県 必須'), '');
    await user.click(save());

    expect(errorOf(textbox('企業名 必須'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(textbox('企業名（カナ） 必須'))).toBe('カナを入力してください');
    expect(errorOf(textbox('電話番号'))).toBe('電話番号が正しくありません');
    expect(errorOf(textbox('ホームページURL'))).toBe('URLの形式が正しくありません');
    expect(errorOf(textbox('従業員数'))).toBe(COMPANY_PROFILE_MESSAGES.employeeCount);
    expect(errorOf(select('都道府県 必須'))).toBe(VALIDATION_MESSAGES.required);
    expect(document.activeElement).toBe(textbox('企業名 必須'));
    expect(sentTo(fetch, SAVE_CALL)).toEqual([]);

    // Once corrected, the message goes as the value changes.
    await user.type(textbox('企業名 必須'), '株式会社さくら精工');
    expect(errorOf(textbox('企業名 必須'))).toBeUndefined();
  });

  it('asks for the 中分類 again when the 大分類 changes, offering only the new one’s', async () => {
    const { fetch, user } = await openForm();
    await user.selectOptions(select('業種（大分類） 必須'), 'G');
    expect(select('業種（中分類） 必須')).toHaveValue('');
    const options = within(select('業種（中分類） 必須')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['選択してください', '通信業', '放送業']);
    await user.click(save());
    expect(errorOf(select('業種（中分類） 必須'))).toBe(VALIDATION_MESSAGES.required);
    await user.selectOptions(select('業種（中分類） 必須'), '38');
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      { ...UNCHANGED_BODY, company_industry_major_code: 'G', company_industry_middle_code: '38' },
    ]);
  });

  it('puts the server’s refusal under its field, with データの登録に失敗しました', async () => {
    const { refreshUser, user } = await openForm({
      [SAVE_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: MESSAGES.saveFailed,
          errors: { company_industry_middle_code: [COMPANY_PROFILE_MESSAGES.invalidChoice] },
        },
      }),
    });
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(errorOf(select('業種（中分類） 必須'))).toBe(COMPANY_PROFILE_MESSAGES.invalidChoice);
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it('uploads a chosen logo once the fields are saved, shows it, and has the app bar show it', async () => {
    const { fetch, refreshUser, user } = await openForm({
      [LOGO_CALL]: () =>
        successAnswer({ file_unique_code: NEW_LOGO_CODE, file_url: `/api/v1/file/${NEW_LOGO_CODE}` }),
    });
    const file = png();
    await user.upload(logoInput(), file);
    expect(screen.getByText('「new-logo.png」を保存時に登録します。')).toBeInTheDocument();
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    const [upload] = requestsTo(fetch, LOGO_CALL);
    expect(upload).toBeDefined();
    const sent = fetch.mock.calls.find(([input]) => String(input).endsWith('/api/v1/company/logo'))?.[1]
      ?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBe(file);
    // The fields went first.
    expect(sentTo(fetch, SAVE_CALL)).toEqual([UNCHANGED_BODY]);
    expect(screen.getByRole('img', { name: '現在のロゴ' })).toHaveAttribute(
      'src',
      `/api/v1/file/${NEW_LOGO_CODE}`,
    );
    await waitFor(() => expect(refreshUser).toHaveBeenCalledTimes(1));
  });

  it('refuses a logo over 2 MB before sending anything, under the logo field', async () => {
    const { fetch, user } = await openForm();
    await user.upload(logoInput(), png('big.png', 2097153));
    await user.click(save());
    expect(errorOf(logoInput())).toBe('ファイルサイズは2MB以内にしてください');
    expect(document.activeElement).toBe(logoInput());
    expect(sentTo(fetch, SAVE_CALL)).toEqual([]);
    expect(requestsTo(fetch, LOGO_CALL)).toEqual([]);
  });

  it('shows the server’s refusal of a logo’s content under the logo field', async () => {
    const { refreshUser, user } = await openForm({
      [LOGO_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: COMPANY_PROFILE_MESSAGES.logoTypeRefused,
          errors: { file: [COMPANY_PROFILE_MESSAGES.logoTypeRefused] },
        },
      }),
    });
    await user.upload(logoInput(), png('not-really.png'));
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(errorOf(logoInput())).toBe('このファイル形式はアップロードできません');
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it('takes the logo away when 削除 is ticked, and has the app bar show that', async () => {
    const { fetch, refreshUser, user } = await openForm({
      [LOGO_DELETE_CALL]: () => successAnswer({ company_logo_file: null }),
    });
    await user.click(screen.getByRole('checkbox', { name: 'ロゴを削除する' }));
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(requestsTo(fetch, LOGO_DELETE_CALL)).toHaveLength(1);
    expect(screen.queryByRole('img', { name: '現在のロゴ' })).not.toBeInTheDocument();
    expect(screen.getByText('ロゴは登録されていません。')).toBeInTheDocument();
    await waitFor(() => expect(refreshUser).toHaveBeenCalledTimes(1));
  });

  it('says データ取得に失敗しました when the profile does not load', async () => {
    renderProfilePage(PAGE, {
      user: fixtureUser('company_owner'),
      api: { [PROFILE_CALL]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadFailed);
  });
});
