import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import { INVITATION_MESSAGES } from '#server/contracts/employee-invitation.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, REMINDER_MESSAGES } from '#server/contracts/reminder.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { invitationRoutes } from '#client/features/registration/invitation/pages.tsx';
import { config0182, FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { type FakeAnswer, type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import {
  errorOf,
  renderRegistrationPages,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';

/** The link's token as the server makes them: 43 characters of base64url. */
const TOKEN = 'Q7mYv2KdP9xRt4LsWb8NcZ1hFj6GaU3eXo5Ti0Ek_-A';
const INVITATION_PATH = `/register/employee/invitation/${TOKEN}`;
const THANK_YOU_PATH = '/register/employee/thankyou';
const CHECK = 'POST /api/v1/register/employee/check';
const REGISTER = 'POST /api/v1/register/employee';

const INVITATION = {
  company_name: '株式会社みなと食品',
  email: 'k.sato@minato-foods.example.jp',
  expires_at: '2026-12-02T01:05:00.000Z',
};
const REGISTERED = { user_login_id: 'sio482913', company_name: '株式会社みなと食品' };
const PASSWORD = 'minato2026Winter';

/** The server's refusal of a link: 404 with the reason's message. */
const refusedLink = (message: string): FakeAnswer => ({ status: 404, body: { status: 'error', message } });

function openPage(
  path: string,
  { config = config0182(), api = {} }: { config?: PublicAppConfig; api?: FakeApi } = {},
) {
  return renderRegistrationPages({ routes: invitationRoutes, path, config, api });
}

/** The invitation page with a usable link, the form on screen. */
async function openForm(api: FakeApi = {}, config?: PublicAppConfig) {
  const opened = openPage(INVITATION_PATH, {
    config,
    api: { [CHECK]: () => successAnswer(INVITATION), ...api },
  });
  await screen.findByRole('button', { name: '登録する' });
  return opened;
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
/** A password field, by its id (a password input has no role to find it by). */
function passwordField(id: 'password' | 'password_confirmation'): HTMLElement {
  const field = document.getElementById(id);
  if (!field) throw new Error(`no field #${id}`);
  return field;
}

const submit = () => screen.getByRole('button', { name: '登録する' });

beforeAll(async () => {
  // The first render of each lazy page loads its module; loading them here keeps that out of the tests' time.
  await Promise.all([
    import('#client/features/registration/invitation/employee-invitation-page.tsx'),
    import('#client/features/registration/invitation/employee-thank-you-page.tsx'),
  ]);
}, 30_000);

describe.each(FIXTURE_BANKS)('/register/employee/invitation/{id} on bank $code', (bank) => {
  it('checks the link with the token from the address before it shows the form for the invited address', async () => {
    // The check answers when the test says, so the page is seen while it waits.
    const check = Promise.withResolvers<FakeAnswer>();
    const { fetch } = openPage(INVITATION_PATH, {
      config: bank.config(),
      api: { [CHECK]: () => check.promise },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('招待を確認しています…');
    expect(screen.queryByRole('button', { name: '登録する' })).not.toBeInTheDocument();
    check.resolve(successAnswer(INVITATION));

    expect(await screen.findByText('「株式会社みなと食品」の従業員として登録します。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '従業員登録' })).toBeInTheDocument();
    expect(screen.getByText('この招待は2026年12月2日(水) 10:05まで有効です。')).toBeInTheDocument();
    expect(sentTo(fetch, CHECK)).toEqual([{ token: TOKEN }]);
    const email = textbox('メールアドレス');
    expect(email).toHaveValue(INVITATION.email);
    expect(email).toHaveAttribute('readonly');
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('id'))).toEqual([
      'invited_email',
      'user_last_name',
      'user_first_name',
      'user_last_name_kana',
      'user_first_name_kana',
      'user_tel',
    ]);
    expect(textbox('姓 必須')).toBeInTheDocument();
    expect(textbox('名 必須')).toBeInTheDocument();
    expect(textbox('姓（カナ） 必須')).toBeInTheDocument();
    expect(textbox('名（カナ） 必須')).toBeInTheDocument();
    expect(textbox('電話番号 任意')).toBeInTheDocument();
    expect(passwordField('password')).toHaveAccessibleName('パスワード 必須');
    expect(passwordField('password')).toHaveAccessibleDescription(
      `${PASSWORD_MIN_LENGTH}〜${PASSWORD_MAX_LENGTH}文字の半角英数字・記号で、英字と数字をそれぞれ1文字以上含めてください。`,
    );
    expect(passwordField('password_confirmation')).toHaveAccessibleName('パスワード（確認） 必須');
  });

  it('registers with exactly what was entered, then shows the login id on the thank-you page in its place', async () => {
    const { fetch, router, user } = await openForm(
      { [REGISTER]: () => successAnswer(REGISTERED, INVITATION_MESSAGES.registered) },
      bank.config(),
    );
    await user.type(textbox('姓 必須'), '佐藤');
    await user.type(textbox('名 必須'), '健太');
    await user.type(textbox('姓（カナ） 必須'), 'サトウ');
    await user.type(textbox('名（カナ） 必須'), 'ケンタ');
    await user.type(textbox('電話番号 任意'), '090-1234-5678');
    await user.type(passwordField('password'), PASSWORD);
    await user.type(passwordField('password_confirmation'), PASSWORD);
    await user.click(submit());

    expect(await screen.findByRole('heading', { level: 1, name: '従業員登録完了' })).toBeInTheDocument();
    expect(sentTo(fetch, REGISTER)).toEqual([
      {
        token: TOKEN,
        user_last_name: '佐藤',
        user_first_name: '健太',
        user_last_name_kana: 'サトウ',
        user_first_name_kana: 'ケンタ',
        user_tel: '090-1234-5678',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        homepage_url: '',
      },
    ]);
    expect(screen.getByText(INVITATION_MESSAGES.registered)).toBeInTheDocument();
    expect(screen.getByText('「株式会社みなと食品」の従業員として登録しました。')).toBeInTheDocument();
    expect(screen.getByText(/^ログインID:/)).toHaveTextContent('ログインID: sio482913');
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
    // Replaced: going back does not return to the used link's form.
    expect(router.state.location.pathname).toBe(THANK_YOU_PATH);
    expect(router.state.historyAction).toBe('REPLACE');
    // No 登録が完了しました toast on top of the page that says it.
    expect(screen.getAllByText(INVITATION_MESSAGES.registered)).toHaveLength(1);
  });
});

describe('/register/employee/invitation/{id}', () => {
  it.each([
    ['expired', INVITATION_MESSAGES.expired, 'トップページへ', '/'],
    ['used', INVITATION_MESSAGES.used, 'ログイン画面へ', '/login'],
    ['revoked', INVITATION_MESSAGES.revokedLink, 'トップページへ', '/'],
    ['unknown', INVITATION_MESSAGES.unknown, 'トップページへ', '/'],
  ])('shows why a %s link cannot be used in place of the form', async (_state, message, link, href) => {
    openPage(INVITATION_PATH, { api: { [CHECK]: () => refusedLink(message) } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: link })).toHaveAttribute('href', href);
    expect(screen.queryByRole('button', { name: '登録する' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('refuses a link of the wrong shape without asking the server', async () => {
    const { fetch } = openPage('/register/employee/invitation/not-a-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.unknown);
    expect(sentTo(fetch, CHECK)).toEqual([]);
    expect(screen.queryByRole('button', { name: '登録する' })).not.toBeInTheDocument();
  });

  it('says what is missing or wrong under each field, focuses the first, and sends nothing', async () => {
    const { fetch, user } = await openForm();
    await user.click(submit());
    expect(errorOf(textbox('姓 必須'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(textbox('名 必須'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(textbox('姓（カナ） 必須'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(textbox('名（カナ） 必須'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(textbox('電話番号 任意'))).toBeUndefined();
    expect(errorOf(passwordField('password'))).toBe(VALIDATION_MESSAGES.required);
    // Empty, the confirmation matches the empty password: the password's message is the one to read.
    expect(errorOf(passwordField('password_confirmation'))).toBeUndefined();
    expect(textbox('姓 必須')).toHaveFocus();

    await user.type(textbox('姓 必須'), '佐藤');
    await user.type(textbox('名 必須'), '健太');
    await user.type(textbox('姓（カナ） 必須'), 'さとう');
    await user.type(textbox('名（カナ） 必須'), 'ケンタ');
    await user.type(textbox('電話番号 任意'), '電話');
    await user.type(passwordField('password'), 'short1');
    await user.type(passwordField('password_confirmation'), 'short2');
    await user.click(submit());
    expect(errorOf(textbox('姓 必須'))).toBeUndefined();
    expect(errorOf(textbox('姓（カナ） 必須'))).toBe(VALIDATION_MESSAGES.katakana);
    expect(errorOf(textbox('名（カナ） 必須'))).toBeUndefined();
    expect(errorOf(textbox('電話番号 任意'))).toBe(VALIDATION_MESSAGES.phone);
    expect(errorOf(passwordField('password'))).toBe(REMINDER_MESSAGES.passwordTooShort);
    expect(errorOf(passwordField('password_confirmation'))).toBe(REMINDER_MESSAGES.passwordMismatch);
    expect(textbox('姓（カナ） 必須')).toHaveFocus();
    expect(sentTo(fetch, REGISTER)).toEqual([]);
  });

  it('keeps the honeypot out of reach, and names the account for the password manager', async () => {
    await openForm();
    const honeypot = document.querySelector('input[name="homepage_url"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /ホームページ/ })).not.toBeInTheDocument();
    const username = document.querySelector('input[name="username"]');
    expect(username).toHaveAttribute('type', 'hidden');
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(username).toHaveValue(INVITATION.email);
    expect(passwordField('password')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('shows the server’s field refusals under their fields and keeps what was entered', async () => {
    const { fetch, router, user } = await openForm({
      [REGISTER]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: '入力内容に誤りがあります',
          errors: { user_last_name_kana: [VALIDATION_MESSAGES.katakana] },
        },
      }),
    });
    await user.type(textbox('姓 必須'), '佐藤');
    await user.type(textbox('名 必須'), '健太');
    await user.type(textbox('姓（カナ） 必須'), 'サトウ');
    await user.type(textbox('名（カナ） 必須'), 'ケンタ');
    await user.type(passwordField('password'), PASSWORD);
    await user.type(passwordField('password_confirmation'), PASSWORD);
    await user.click(submit());

    expect(await screen.findByText(VALIDATION_MESSAGES.katakana)).toBeInTheDocument();
    expect(errorOf(textbox('姓（カナ） 必須'))).toBe(VALIDATION_MESSAGES.katakana);
    expect(textbox('姓 必須')).toHaveValue('佐藤');
    expect(submit()).toBeEnabled();
    expect(sentTo(fetch, REGISTER)).toHaveLength(1);
    expect(router.state.location.pathname).toBe(INVITATION_PATH);
  });

  /** Fills the form in as the invitee would, leaving the telephone out. */
  async function fillIn(user: ReturnType<typeof openPage>['user']) {
    await user.type(textbox('姓 必須'), '佐藤');
    await user.type(textbox('名 必須'), '健太');
    await user.type(textbox('姓（カナ） 必須'), 'サトウ');
    await user.type(textbox('名（カナ） 必須'), 'ケンタ');
    await user.type(passwordField('password'), PASSWORD);
    await user.type(passwordField('password_confirmation'), PASSWORD);
  }

  it.each([
    ['was used', refusedLink(INVITATION_MESSAGES.used), INVITATION_MESSAGES.used],
    [
      'was taken by a registered user',
      { status: 422, body: { status: 'error', message: INVITATION_MESSAGES.alreadyMember } },
      INVITATION_MESSAGES.alreadyMember,
    ],
  ])(
    'shows in place of the form that the link %s while the form was filled in',
    async (_case, answer, message) => {
      const { fetch, router, user } = await openForm({ [REGISTER]: () => answer });
      await fillIn(user);
      await user.click(submit());

      // Its own alert, beside the toast that says the registration failed.
      const alert = (await screen.findByText(message)).closest('[role="alert"]');
      if (!(alert instanceof HTMLElement)) throw new Error('the message is not an alert');
      expect(within(alert).getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
      expect(screen.queryByRole('button', { name: '登録する' })).not.toBeInTheDocument();
      expect(sentTo(fetch, REGISTER)).toEqual([
        {
          token: TOKEN,
          user_last_name: '佐藤',
          user_first_name: '健太',
          user_last_name_kana: 'サトウ',
          user_first_name_kana: 'ケンタ',
          user_tel: '',
          password: PASSWORD,
          password_confirmation: PASSWORD,
          homepage_url: '',
        },
      ]);
      expect(router.state.location.pathname).toBe(INVITATION_PATH);
    },
  );

  it('keeps the form and what was entered when the registration failed for another reason', async () => {
    const { router, user } = await openForm({
      [REGISTER]: () => ({ status: 500, body: { status: 'error', message: 'internal' } }),
    });
    await fillIn(user);
    await user.click(submit());

    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.requestFailed)).toBeInTheDocument();
    expect(textbox('姓 必須')).toHaveValue('佐藤');
    expect(submit()).toBeEnabled();
    expect(router.state.location.pathname).toBe(INVITATION_PATH);
  });
});

describe('/register/employee/thankyou', () => {
  it('opened on its own, still says how to log in', async () => {
    const { fetch } = openPage(THANK_YOU_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: '従業員登録完了' })).toBeInTheDocument();
    expect(screen.getByText(INVITATION_MESSAGES.registered)).toBeInTheDocument();
    expect(
      screen.getByText(
        'ご登録のメールアドレスにお送りしたログインIDと、設定したパスワードでログインしてください。',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^ログインID:/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
    expect(sentTo(fetch, REGISTER)).toEqual([]);
  });
});
