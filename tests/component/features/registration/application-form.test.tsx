import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import type { PostCodeAddress } from '#server/contracts/postcode.ts';
import { REGISTRATION_CALL_MESSAGES } from '#server/contracts/registration.ts';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import type { RegistrationVariantCode } from '#server/contracts/registration-variants.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { applicationRoutes, upgradeApplicationRoutes } from '#client/features/registration/apply/pages.tsx';
import { config0158, config0182 } from '#tests/component/fixtures/app-configs.ts';
import { type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import {
  BA_APPLICATION,
  errorOf,
  factOf,
  renderRegistrationPages,
  requestsTo,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';

/** The applicant's pages as the app routes them: the register layout's and the two upgrade forms. */
const ROUTES = [
  ...applicationRoutes,
  ...upgradeApplicationRoutes('bizsol'),
  ...upgradeApplicationRoutes('ibmft'),
];

/** A draft's id as the server makes them: 43 characters of base64url. */
const DRAFT_ID = 'Zq3vN8xWk2LmP0aTbY7cRdE5fGh9JsUoVi4Ke1_n-6Q';
const EXPIRES_AT = '2026-11-26T01:05:00.000Z';
const READ = 'POST /api/v1/register/drafts/read';
const SAVE = 'PUT /api/v1/register/drafts';
const CARD = 'POST /api/v1/register/drafts/card';
const SEND = 'POST /api/v1/register';
const POST_CODE = 'GET /api/v1/master/postcode';
/** For the tests that fill in a whole step: many renders, slow when the machine is busy. */
const LONG_TEST_TIMEOUT = 15_000;
const STORAGE_KEY = (variant: RegistrationVariantCode) => `registration-draft:${variant}`;

/** The ba application's answers to the first four steps: what the services step starts from. */
const { interesting_features: _features, ...BEFORE_SERVICES } = BA_APPLICATION;

/**
 * A server holding one draft of `variant`: the read answers what the saves kept so far; `answers`
 * add or replace calls (the card, the sending, the post code).
 */
function draftApi(variant: RegistrationVariantCode, values: Record<string, unknown>, answers: FakeApi = {}) {
  const stored: Record<string, unknown> = { ...values };
  return {
    [READ]: () => successAnswer({ variant, values: stored, expires_at: EXPIRES_AT }),
    [SAVE]: (body: unknown) => {
      Object.assign(stored, (body as { values: Record<string, unknown> }).values);
      return successAnswer({ expires_at: EXPIRES_AT });
    },
    ...answers,
  } satisfies FakeApi;
}

/** The form of the draft at `path` (its id in the fragment, as the agreement leaves it). */
function openForm(
  path: string,
  {
    variant = 'ba',
    values = {},
    api = {},
    config = config0182(),
  }: {
    variant?: RegistrationVariantCode;
    values?: Record<string, unknown>;
    api?: FakeApi;
    config?: PublicAppConfig;
  } = {},
) {
  return renderRegistrationPages({
    routes: ROUTES,
    path: `${path}#draft=${DRAFT_ID}`,
    config,
    api: draftApi(variant, values, api),
  });
}

/** A form row's label is the field's name and its 必須 or 任意 tag: matches the name alone. */
const labelled = (label: string) => (content: string) => content.replace(/ ?(必須|任意)$/, '') === label;
/**
 * A text box or a select by its label, in `scope` (the page by default). By label rather than by
 * role: role queries weigh every element's style, slow on a step of some seventy controls.
 */
const control = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(labelled(label));
const textbox = control;
const combobox = control;
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const button = (name: string) => screen.getByRole('button', { name });

/** Replaces what a control holds with `text`, entered at once (as a paste: long text without a key per character). */
async function fill(user: ReturnType<typeof openForm>['user'], control: HTMLElement, text: string) {
  await user.clear(control);
  await user.paste(text);
}

const APPLICANT_LABELS = [
  '姓',
  '名',
  '姓（カナ）',
  '名（カナ）',
  'メールアドレス',
  'メールアドレス（確認）',
  '電話番号',
];

beforeAll(async () => {
  // The first render of the lazy form loads its module; loading it here keeps that out of the tests' time.
  await import('#client/features/registration/apply/application-page.tsx');
  await import('#client/features/registration/apply/register-thank-you-page.tsx');
}, 30_000);

beforeEach(() => {
  localStorage.clear();
  // Moving between steps scrolls to the top, which jsdom does not implement.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/register/{variant}: the applicant step', () => {
  it(
    'checks the step on 次へ, a message under each field and the first focused, then saves it and goes on',
    async () => {
      const { fetch, router, user } = openForm('/register/ba');
      expect(await stepHeading('お申込者の情報')).toBeInTheDocument();
      expect(
        within(screen.getByRole('list', { name: 'お申し込みの手順' })).getByText('お申込者の情報'),
      ).toHaveAttribute('aria-current', 'step');

      await user.click(button('次へ'));
      expect(APPLICANT_LABELS.map((label) => errorOf(textbox(label)))).toEqual(
        APPLICANT_LABELS.map(() => VALIDATION_MESSAGES.required),
      );
      await waitFor(() => expect(textbox('姓')).toHaveFocus());

      await fill(user, textbox('姓'), '小林');
      await fill(user, textbox('名'), '洋子');
      await fill(user, textbox('姓（カナ）'), 'こばやし');
      await fill(user, textbox('名（カナ）'), 'ヨウコ');
      await fill(user, textbox('メールアドレス'), 'y.kobayashi@minato-foods.example.jp');
      await fill(user, textbox('メールアドレス（確認）'), 'y.kobayashi@minato-foods.example.com');
      await fill(user, textbox('電話番号'), '0312345678');
      // Once checked, each message follows its value.
      expect(APPLICANT_LABELS.map((label) => errorOf(textbox(label)))).toEqual([
        undefined,
        undefined,
        VALIDATION_MESSAGES.katakana,
        undefined,
        undefined,
        REGISTRATION_MESSAGES.emailMismatch,
        VALIDATION_MESSAGES.phone,
      ]);
      await user.click(button('次へ'));
      await waitFor(() => expect(textbox('姓（カナ）')).toHaveFocus());
      expect(sentTo(fetch, SAVE)).toEqual([]);

      await fill(user, textbox('姓（カナ）'), 'コバヤシ');
      await fill(user, textbox('メールアドレス（確認）'), 'y.kobayashi@minato-foods.example.jp');
      await fill(user, textbox('電話番号'), '03-1234-5678');
      await user.click(button('次へ'));

      expect(await stepHeading('企業の情報')).toBeInTheDocument();
      expect(sentTo(fetch, SAVE)).toEqual([
        {
          draft_id: DRAFT_ID,
          step: 'applicant',
          values: {
            user_last_name: '小林',
            user_first_name: '洋子',
            user_last_name_kana: 'コバヤシ',
            user_first_name_kana: 'ヨウコ',
            user_email: 'y.kobayashi@minato-foods.example.jp',
            user_email_confirmation: 'y.kobayashi@minato-foods.example.jp',
            user_tel: '03-1234-5678',
          },
        },
      ]);
      expect(router.state.location).toMatchObject({
        pathname: '/register/ba',
        search: '?step=company',
        hash: `#draft=${DRAFT_ID}`,
      });
    },
    LONG_TEST_TIMEOUT,
  );

  it('keeps what is entered with 一時保存, checking nothing, and stays on the step', async () => {
    const { fetch, router, user } = openForm('/register/ba');
    await stepHeading('お申込者の情報');
    await fill(user, textbox('姓'), '小林');
    await user.click(button('一時保存'));

    expect(await screen.findByText(REGISTRATION_CALL_MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE)).toEqual([
      {
        draft_id: DRAFT_ID,
        step: 'applicant',
        values: {
          user_last_name: '小林',
          user_first_name: '',
          user_last_name_kana: '',
          user_first_name_kana: '',
          user_email: '',
          user_email_confirmation: '',
          user_tel: '',
        },
      },
    ]);
    expect(APPLICANT_LABELS.map((label) => errorOf(textbox(label)))).toEqual(
      APPLICANT_LABELS.map(() => undefined),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'お申込者の情報' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens with what the draft kept', async () => {
    openForm('/register/ba', { values: BA_APPLICATION });
    await stepHeading('お申込者の情報');
    expect(textbox('姓')).toHaveValue('小林');
    expect(textbox('メールアドレス（確認）')).toHaveValue('y.kobayashi@minato-foods.example.jp');
  });
});

describe('/register/{variant}: the company step', () => {
  const GINZA: PostCodeAddress = {
    post_code: '1040061',
    prefecture_code: '13',
    prefecture_name: '東京都',
    city_code: '13102',
    city_name: '中央区',
    town_name: '銀座',
  };

  it('fills in the prefecture and the city and town from the post code with 住所検索', async () => {
    const { fetch, user } = openForm('/register/ba?step=company', {
      api: { [POST_CODE]: () => successAnswer([GINZA]) },
    });
    await stepHeading('企業の情報');
    await user.type(textbox('本社 郵便番号'), '104-0061');
    await user.click(button('住所検索'));

    expect(
      await screen.findByText('住所を入力しました。番地から続けて入力してください。'),
    ).toBeInTheDocument();
    expect(combobox('本社 都道府県')).toHaveDisplayValue('東京都');
    expect(textbox('本社 市区町村')).toHaveValue('中央区銀座');
    expect(requestsTo(fetch, POST_CODE).map(({ url }) => url.searchParams.get('post_code'))).toEqual([
      '104-0061',
    ]);
  });

  it('leaves the town to the applicant when the post code names several, and asks for 7 digits first', async () => {
    const { fetch, user } = openForm('/register/ba?step=company', {
      api: {
        [POST_CODE]: () =>
          successAnswer([GINZA, { ...GINZA, post_code: '1040061', town_name: '銀座（次のビルを除く）' }]),
      },
    });
    await stepHeading('企業の情報');
    await user.type(textbox('本社 郵便番号'), '10400');
    await user.click(button('住所検索'));
    expect(await screen.findByText('郵便番号を7桁で入力してから検索してください。')).toBeInTheDocument();
    expect(requestsTo(fetch, POST_CODE)).toEqual([]);

    await user.type(textbox('本社 郵便番号'), '61');
    await user.click(button('住所検索'));
    expect(
      await screen.findByText('複数の町域が該当します。町名から続けて入力してください。'),
    ).toBeInTheDocument();
    expect(combobox('本社 都道府県')).toHaveDisplayValue('東京都');
    expect(textbox('本社 市区町村')).toHaveValue('中央区');
  });

  it(
    'adds branches up to ten, checks each on 次へ, and removes one',
    async () => {
      const { user } = openForm('/register/ba?step=company', { values: BEFORE_SERVICES });
      const branches = await screen.findByRole('region', { name: '支店・営業所（任意）' });
      // The draft's one branch, then nine more.
      expect(control('支店・営業所1 郵便番号', branches)).toHaveValue('231-0001');
      const add = within(branches).getByRole('button', { name: '支店・営業所を追加' });
      for (let added = 2; added <= 10; added += 1) await user.click(add);
      expect(within(branches).getAllByRole('button', { name: /^支店・営業所\d+を削除$/ })).toHaveLength(10);
      expect(within(branches).queryByRole('button', { name: '支店・営業所を追加' })).not.toBeInTheDocument();

      await fill(user, control('支店・営業所2 郵便番号', branches), '530-0001');
      await user.click(button('次へ'));
      expect(errorOf(textbox('支店・営業所2 市区町村'))).toBe(VALIDATION_MESSAGES.required);
      expect(errorOf(textbox('支店・営業所1 市区町村'))).toBeUndefined();

      await user.click(within(branches).getByRole('button', { name: '支店・営業所1を削除' }));
      expect(within(branches).getAllByRole('button', { name: /^支店・営業所\d+を削除$/ })).toHaveLength(9);
      // The second became the first.
      expect(textbox('支店・営業所1 郵便番号')).toHaveValue('530-0001');
      expect(within(branches).getByRole('button', { name: '支店・営業所を追加' })).toBeInTheDocument();
    },
    LONG_TEST_TIMEOUT,
  );

  it('goes back with 戻る, keeping the step first', async () => {
    const { fetch, user } = openForm('/register/ba?step=company', { values: BEFORE_SERVICES });
    await stepHeading('企業の情報');
    await fill(user, textbox('企業名'), '株式会社みなと食品ホールディングス');
    await user.click(button('戻る'));
    expect(await stepHeading('お申込者の情報')).toBeInTheDocument();
    expect(textbox('姓')).toHaveValue('小林');
    expect(sentTo(fetch, SAVE)).toMatchObject([
      { draft_id: DRAFT_ID, step: 'company', values: { company_name: '株式会社みなと食品ホールディングス' } },
    ]);
  });
});

describe('/register/{variant}: the bank step', () => {
  it('hides お取引店 when the company has no branch with the bank, and saves the step without it', async () => {
    const { fetch, user } = openForm('/register/ba?step=bank');
    await stepHeading('お取引店・口座');
    expect(
      within(combobox('お取引店'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['選択してください', '本店営業部（001）', '駅前支店（010）', '港町支店（040）']);

    await user.click(button('次へ'));
    expect(errorOf(combobox('お取引店'))).toBe(VALIDATION_MESSAGES.required);

    await user.click(screen.getByRole('checkbox', { name: '当行とのお取引はない（お取引店なし）' }));
    expect(screen.queryByLabelText(labelled('お取引店'))).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '普通' }));
    await fill(user, textbox('口座番号'), '1234567');
    await user.click(button('次へ'));

    expect(await stepHeading('本人確認書類')).toBeInTheDocument();
    expect(sentTo(fetch, SAVE)).toEqual([
      {
        draft_id: DRAFT_ID,
        step: 'bank',
        values: {
          has_no_bank_branch: true,
          bb_id: '',
          bank_account_type: 'ordinary',
          bank_account_number: '1234567',
        },
      },
    ]);
  });
});

describe('/register/{variant}: the steps each variant asks', () => {
  const stepsOnScreen = () =>
    within(screen.getByRole('list', { name: 'お申し込みの手順' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('asks the portal membership (0158) only the applicant and the company, then the confirmation', async () => {
    openForm('/register/portal?step=company', { variant: 'portal', config: config0158() });
    await stepHeading('企業の情報');
    expect(stepsOnScreen()).toEqual(['お申込者の情報', '企業の情報', '入力内容の確認']);
    expect(button('入力内容の確認へ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '次へ' })).not.toBeInTheDocument();
  });

  it('asks the internet banking upgrade (bizsol) for the branch but not the account the bank knows', async () => {
    openForm('/register/bizsol?step=bank', { variant: 'bizsol' });
    await stepHeading('お取引店・口座');
    expect(combobox('お取引店')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '普通' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(labelled('口座番号'))).not.toBeInTheDocument();
  });
});

describe('/register/payment: the card of the services step', () => {
  const nextYear = String(new Date().getFullYear() + 2);
  const MASKED = '**** **** **** 1111';

  it(
    'registers the card, shows its masked number and goes on to the confirmation with it',
    { timeout: LONG_TEST_TIMEOUT },
    async () => {
      const { fetch, user } = openForm('/register/payment?step=services', {
        variant: 'payment',
        values: BEFORE_SERVICES,
        api: { [CARD]: () => successAnswer({ card_masked_number: MASKED, brand: 'VISA' }) },
      });
      const card = await screen.findByRole('region', { name: 'お支払いカード' });
      expect(within(card).getByText(/（VISA・Mastercard・JCB）/)).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: '利用しない' }));
      await user.click(button('入力内容の確認へ'));
      expect(within(card).getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.required);
      expect(sentTo(fetch, SAVE)).toEqual([]);
      // The refusal takes the focus to the card's heading: wait for it, or the paste below (which
      // goes where the focus is) could land on the heading instead of the card number.
      await waitFor(() => expect(screen.getByRole('heading', { name: 'お支払いカード' })).toHaveFocus());

      await fill(user, within(card).getByRole('textbox', { name: /カード番号/ }), '4111111111111111');
      await user.selectOptions(within(card).getByRole('combobox', { name: '有効期限（月）' }), '12');
      await user.selectOptions(within(card).getByRole('combobox', { name: '有効期限（年）' }), nextYear);
      await user.type(within(card).getByRole('textbox', { name: /セキュリティコード/ }), '123');
      await fill(user, within(card).getByRole('textbox', { name: /カード名義/ }), 'TARO YAMADA');
      await user.click(within(card).getByRole('button', { name: 'カードを登録する' }));

      expect(await within(card).findByText(`登録済みのカード: ${MASKED}`)).toBeInTheDocument();
      expect(within(card).queryByRole('form')).not.toBeInTheDocument();
      expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
      expect(sentTo(fetch, CARD)).toEqual([
        {
          card_number: '4111111111111111',
          expiry_month: '12',
          expiry_year: nextYear,
          security_code: '123',
          holder_name: 'TARO YAMADA',
          draft_id: DRAFT_ID,
        },
      ]);

      await user.click(button('入力内容の確認へ'));
      expect(await stepHeading('入力内容の確認')).toBeInTheDocument();
      expect(sentTo(fetch, SAVE)).toMatchObject([
        {
          draft_id: DRAFT_ID,
          step: 'services',
          values: { bundle_payment_plan_id: '0', card_masked_number: MASKED },
        },
      ]);
      const services = screen.getByRole('region', { name: 'ご利用になるサービス' });
      expect(factOf(services, 'カード番号')).toBe(MASKED);
      expect(factOf(services, '請求書発行・決済サービスのプラン')).toBe('利用しない');
    },
  );

  it('asks no card of a variant that does not pay by card', async () => {
    openForm('/register/ba?step=services', { values: BEFORE_SERVICES });
    await stepHeading('ご利用になるサービス');
    expect(screen.queryByRole('region', { name: 'お支払いカード' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'ビジネスマッチング' })).toBeInTheDocument();
  });
});

describe('/register/{variant}?step=confirm', () => {
  it('shows every step as entered, codes by their names', async () => {
    openForm('/register/ba?step=confirm', { values: BA_APPLICATION });
    expect(await stepHeading('入力内容の確認')).toBeInTheDocument();
    const step = (name: string) => screen.getByRole('region', { name });
    expect(factOf(step('お申込者の情報'), '姓')).toBe('小林');
    expect(factOf(step('お申込者の情報'), 'メールアドレス')).toBe('y.kobayashi@minato-foods.example.jp');
    expect(factOf(step('お申込者の情報'), 'メールアドレス（確認）')).toBeUndefined();
    const company = step('企業の情報');
    expect(factOf(company, '企業名')).toBe('株式会社みなと食品');
    expect(factOf(company, '代表者の生年月日')).toBe('1975年4月1日');
    expect(factOf(company, '決算月')).toBe('3月');
    expect(factOf(company, '従業員数')).toBe('24名');
    expect(factOf(company, '都道府県')).toBe('東京都');
    expect(factOf(company, '建物名')).toBe('—');
    expect(factOf(company, '支店・営業所')).toBe('〒231-0001 神奈川県横浜市中区新港1-1');
    expect(factOf(company, '業種（大分類）')).toBe('製造業');
    expect(factOf(company, '業種（中分類）')).toBe('食料品製造業');
    expect(factOf(step('お取引店・口座'), 'お取引店')).toBe('港町支店');
    expect(factOf(step('お取引店・口座'), '預金種目')).toBe('普通');
    expect(factOf(step('本人確認書類'), '本人確認書類')).toBe('提出済み');
    expect(factOf(step('ご利用になるサービス'), '興味のある機能')).toBe('ビジネスマッチング、補助金・助成金');
  });

  it('goes to a step with 修正する', async () => {
    const { router, user } = openForm('/register/ba?step=confirm', { values: BA_APPLICATION });
    await stepHeading('入力内容の確認');
    await user.click(button('企業の情報を修正する'));
    expect(await stepHeading('企業の情報')).toBeInTheDocument();
    expect(textbox('企業名')).toHaveValue('株式会社みなと食品');
    expect(router.state.location.search).toBe('?step=company');
  });

  it('sends the application and shows its number on the thank-you page, in place of the confirmation', async () => {
    const { fetch, router, user } = openForm('/register/ba?step=confirm', {
      values: BA_APPLICATION,
      api: { [SEND]: () => successAnswer({ cr_unique_code: 'R0A1B2C3D4E5F' }) },
    });
    await stepHeading('入力内容の確認');
    expect(localStorage.getItem(STORAGE_KEY('ba'))).toBe(DRAFT_ID);
    await user.click(button('この内容で申し込む'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込みありがとうございました' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ビジネスアシスト利用申込 申込番号: R0A1B2C3D4E5F')).toBeInTheDocument();
    expect(sentTo(fetch, SEND)).toEqual([{ draft_id: DRAFT_ID }]);
    expect(router.state.location.pathname).toBe('/register/thankyou');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem(STORAGE_KEY('ba'))).toBeNull();
  });

  it('returns to the first step the server refused, with its message under the field', async () => {
    const { router, user } = openForm('/register/ba?step=confirm', {
      values: BA_APPLICATION,
      api: {
        [SEND]: () => ({
          status: 422,
          body: {
            status: 'error',
            message: '入力内容に誤りがあります',
            errors: {
              company_name_kana: [VALIDATION_MESSAGES.katakana],
              user_tel: [VALIDATION_MESSAGES.phone],
            },
          },
        }),
      },
    });
    await stepHeading('入力内容の確認');
    await user.click(button('この内容で申し込む'));

    expect(await stepHeading('お申込者の情報')).toBeInTheDocument();
    expect(errorOf(textbox('電話番号'))).toBe(VALIDATION_MESSAGES.phone);
    expect(errorOf(textbox('姓'))).toBeUndefined();
    expect(router.state.location.search).toBe('?step=applicant');
    expect(localStorage.getItem(STORAGE_KEY('ba'))).toBe(DRAFT_ID);
    // The server's message stays until its field changes.
    await fill(user, textbox('名'), '陽子');
    expect(errorOf(textbox('電話番号'))).toBe(VALIDATION_MESSAGES.phone);
    await fill(user, textbox('電話番号'), '03-1234-0000');
    expect(errorOf(textbox('電話番号'))).toBeUndefined();
  });

  it('stays on the confirmation with the message when the sending fails for no field', async () => {
    const { router, user } = openForm('/register/ba?step=confirm', {
      values: BA_APPLICATION,
      api: { [SEND]: () => ({ status: 500, body: { status: 'error' } }) },
    });
    await stepHeading('入力内容の確認');
    await user.click(button('この内容で申し込む'));
    expect(await screen.findByText(MESSAGES.requestFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '入力内容の確認' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=confirm');
    expect(localStorage.getItem(STORAGE_KEY('ba'))).toBe(DRAFT_ID);
  });

  it('keeps the server’s message under 企業名（カナ） while the applicant edits 企業名', async () => {
    const { user } = openForm('/register/ba?step=confirm', {
      values: BA_APPLICATION,
      api: {
        [SEND]: () => ({
          status: 422,
          body: { status: 'error', errors: { company_name_kana: [VALIDATION_MESSAGES.katakana] } },
        }),
      },
    });
    await stepHeading('入力内容の確認');
    await user.click(button('この内容で申し込む'));
    expect(await stepHeading('企業の情報')).toBeInTheDocument();
    expect(errorOf(textbox('企業名（カナ）'))).toBe(VALIDATION_MESSAGES.katakana);
    await fill(user, textbox('企業名'), '株式会社みなと食品ホールディングス');
    expect(errorOf(textbox('企業名（カナ）'))).toBe(VALIDATION_MESSAGES.katakana);
  });
});

describe('/register/{variant}: a draft that is gone', () => {
  /** The server's answer for a draft past its 24 hours or never kept (server/api/registration/open-draft.ts). */
  const GONE = () => ({
    status: 404,
    body: { status: 'error', message: REGISTRATION_CALL_MESSAGES.draftGone },
  });

  it('says so, offers to start again and forgets the draft', async () => {
    localStorage.setItem(STORAGE_KEY('ba'), DRAFT_ID);
    renderRegistrationPages({
      routes: ROUTES,
      path: `/register/ba#draft=${DRAFT_ID}`,
      api: { [READ]: GONE },
    });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('link', { name: 'お申し込みを最初から始める' })).toHaveAttribute(
      'href',
      '/register/agreement?variant=ba',
    );
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY('ba'))).toBeNull();
  });

  it('says why: the saving period passed or the address is wrong (the server’s draftGone message)', async () => {
    renderRegistrationPages({
      routes: ROUTES,
      path: `/register/ba#draft=${DRAFT_ID}`,
      api: { [READ]: GONE },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_CALL_MESSAGES.draftGone);
  });

  it('shows the notice when the draft is gone by the time a step is saved', async () => {
    const { user } = openForm('/register/ba?step=applicant', {
      values: BA_APPLICATION,
      api: { [SAVE]: GONE },
    });
    await stepHeading('お申込者の情報');
    await user.click(button('一時保存'));
    expect(await screen.findByText(REGISTRATION_CALL_MESSAGES.draftGone)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '一時保存' })).not.toBeInTheDocument();
  });

  it('shows the notice when the draft is gone by the time the application is sent', async () => {
    const { user } = openForm('/register/ba?step=confirm', { values: BA_APPLICATION, api: { [SEND]: GONE } });
    await stepHeading('入力内容の確認');
    await user.click(button('この内容で申し込む'));
    const notice = (await screen.findByText(REGISTRATION_CALL_MESSAGES.draftGone)).closest('[role="alert"]');
    if (!(notice instanceof HTMLElement)) throw new Error('the draft-gone notice is no alert');
    expect(within(notice).getByRole('link', { name: 'お申し込みを最初から始める' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'この内容で申し込む' })).not.toBeInTheDocument();
  });
});
