import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BusinessProfile, COMPANY_PROFILE_MESSAGES } from '#server/contracts/company-profile.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { errorOf, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import { preloadProfilePages, renderProfilePage } from './company-profile-pages.tsx';

const PAGE = '/mypage/mybusiness/edit';
const PROFILE_CALL = 'GET /api/v1/company/business_profile';
const SAVE_CALL = 'POST /api/v1/company/business_profile/save';

const BUSINESS: BusinessProfile = {
  business_description: '精密部品の切削加工と組立を行っています。',
  business_products: 'アルミ・ステンレスの精密切削部品',
  business_strengths: '短納期の試作対応',
  business_area_codes: ['13', '14'],
  business_updated_at: '2026-04-01T01:00:00.000Z',
};

async function openForm(api: FakeApi = {}, bank: (typeof FIXTURE_BANKS)[number] = FIXTURE_BANKS[0]) {
  const opened = renderProfilePage(PAGE, {
    user: fixtureUser('company_user'),
    config: bank.config(),
    api: {
      [PROFILE_CALL]: () => successAnswer(BUSINESS),
      [SAVE_CALL]: (body) => successAnswer({ ...BUSINESS, ...(body as object) }),
      ...api,
    },
  });
  await screen.findByRole('form', { name: '事業情報の入力' });
  return opened;
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const area = (name: string) => screen.getByRole('checkbox', { name });
const save = () => screen.getByRole('button', { name: '保存する' });

beforeAll(preloadProfilePages, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/mybusiness/edit on bank $code', (bank) => {
  it('shows the business profile, its lengths, and its areas ticked region by region', async () => {
    await openForm({}, bank);
    expect(textbox('事業内容 必須')).toHaveValue(BUSINESS.business_description);
    expect(textbox('事業内容 必須')).toHaveAccessibleDescription('20 / 2000文字');
    expect(textbox('製品・サービス')).toHaveValue(BUSINESS.business_products);
    expect(textbox('強み')).toHaveValue(BUSINESS.business_strengths);
    const kanto = screen.getByRole('group', { name: '関東' });
    expect(within(kanto).getByRole('checkbox', { name: '東京都' })).toBeChecked();
    expect(within(kanto).getByRole('checkbox', { name: '神奈川県' })).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: '近畿' })).getByRole('checkbox', { name: '大阪府' }),
    ).not.toBeChecked();
  });

  it('saves the texts and the ticked areas, and says 登録が完了しました', async () => {
    const { fetch, user } = await openForm({}, bank);
    await user.clear(textbox('強み'));
    await user.type(textbox('強み'), '公差±0.005mmの加工精度');
    await user.click(area('大阪府'));
    await user.click(area('神奈川県'));
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      {
        business_description: BUSINESS.business_description,
        business_products: BUSINESS.business_products,
        business_strengths: '公差±0.005mmの加工精度',
        business_area_codes: ['13', '27'],
      },
    ]);
  });
});

describe('/mypage/mybusiness/edit', () => {
  it('shows each text’s message under it and sends nothing', async () => {
    const { fetch, user } = await openForm();
    await user.clear(textbox('事業内容 必須'));
    await user.clear(textbox('製品・サービス'));
    // Typed one by one, 1,001 characters take long: pasted at once.
    await user.click(textbox('製品・サービス'));
    await user.paste('あ'.repeat(1001));
    await user.click(save());
    expect(errorOf(textbox('事業内容 必須'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(textbox('製品・サービス'))).toBe(maxLengthMessage(1000));
    expect(document.activeElement).toBe(textbox('事業内容 必須'));
    expect(sentTo(fetch, SAVE_CALL)).toEqual([]);
  });

  it('puts the server’s refusal of the areas under them, with データの登録に失敗しました', async () => {
    const { user } = await openForm({
      [SAVE_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: MESSAGES.saveFailed,
          errors: { business_area_codes: [COMPANY_PROFILE_MESSAGES.invalidChoice] },
        },
      }),
    });
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '営業エリア' })).toHaveAccessibleDescription(
      `事業を行っている都道府県をすべて選んでください。 ${COMPANY_PROFILE_MESSAGES.invalidChoice}`,
    );
  });

  it('says データ取得に失敗しました when the business profile does not load', async () => {
    renderProfilePage(PAGE, {
      user: fixtureUser('company_user'),
      api: { [PROFILE_CALL]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadFailed);
  });
});
