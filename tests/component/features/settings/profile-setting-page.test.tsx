import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { EMAIL_CHANGE_MESSAGES } from '#server/contracts/email-change.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { USER_PROFILE_MESSAGES, type UserProfile } from '#server/contracts/user-profile.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { settingsRoutes } from '#client/features/settings/pages.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeAnswer,
  type FakeApi,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import {
  ErrorStatus,
  errorOf,
  requestsTo,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PAGE = '/mypage/setting/profile';
const PROFILE_CALL = 'GET /api/v1/user/profile';
const SAVE_CALL = 'POST /api/v1/user/profile/save';
const PICTURE_CALL = 'POST /api/v1/user/profile_picture';
const PICTURE_DELETE_CALL = 'DELETE /api/v1/user/profile_picture';
const PICTURE_CODE = '0123456789abcdef0123456789abcdef';
const NEW_PICTURE_CODE = 'fedcba9876543210fedcba9876543210';

/** The user as GET /api/v1/user/profile answers them; `change` overrides fields. */
function profile(change: Partial<UserProfile> = {}): UserProfile {
  return {
    user_unique_code: 'user-10',
    user_login_id: 'owner-0182',
    user_last_name: '佐藤',
    user_first_name: '健一',
    user_last_name_kana: 'サトウ',
    user_first_name_kana: 'ケンイチ',
    user_email: 'kenichi.sato@example.co.jp',
    user_pending_email: null,
    user_alternate_email: null,
    user_tel: '03-5000-1001',
    user_profile_picture: {
      file_unique_code: PICTURE_CODE,
      file_url: `/api/v1/user/picture/${PICTURE_CODE}`,
    },
    ...change,
  };
}

/** What the form sends for `profile()` unchanged (the controls' text, as entered). */
const UNCHANGED_BODY = {
  user_last_name: '佐藤',
  user_first_name: '健一',
  user_last_name_kana: 'サトウ',
  user_first_name_kana: 'ケンイチ',
  user_email: 'kenichi.sato@example.co.jp',
  user_alternate_email: '',
  user_tel: '03-5000-1001',
};

/**
 * The save answers the profile as the server stores it: the body's fields over the profile, but a
 * new e-mail address, which waits for the link mailed to it.
 */
const savedAnswer = (body: unknown): FakeAnswer => {
  const fields = body as typeof UNCHANGED_BODY;
  const current = profile().user_email;
  const changed = fields.user_email.toLowerCase() !== current.toLowerCase();
  return successAnswer(
    {
      ...profile({
        ...fields,
        user_email: changed ? current : fields.user_email,
        user_pending_email: changed ? fields.user_email : null,
        user_alternate_email: fields.user_alternate_email || null,
        user_tel: fields.user_tel || null,
      }),
      email_confirmation_sent: changed,
    },
    changed ? EMAIL_CHANGE_MESSAGES.confirmationSent : undefined,
  );
};

/** The page as the app shows it: the real routes, lazily loaded, toasts and overlay on screen, the shell's refresh a spy. */
function renderPage({ user, api, config }: { user: LoggedInUser; api: FakeApi; config?: PublicAppConfig }) {
  const refreshUser = vi.fn(async () => {});
  const { Providers, fetch } = createProviders({ config, user, api, refreshUser });
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...settingsRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [PAGE] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { fetch, refreshUser, user: userEvent.setup() };
}

async function openForm(
  api: FakeApi = {},
  bank: (typeof FIXTURE_BANKS)[number] = FIXTURE_BANKS[0],
  start: UserProfile = profile(),
) {
  const opened = renderPage({
    user: fixtureUser('company_owner'),
    config: bank.config(),
    api: { [PROFILE_CALL]: () => successAnswer(start), [SAVE_CALL]: savedAnswer, ...api },
  });
  await screen.findByRole('form', { name: 'プロフィールの入力' });
  return opened;
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: '保存する' });
const pictureInput = () => screen.getByLabelText('プロフィール画像') as HTMLInputElement;
const png = (name = 'me.png', size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeAll(async () => {
  await import('#client/features/settings/profile/profile-setting-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/setting/profile on bank $code', (bank) => {
  it('shows the user’s own profile in the form, with the picture and the login id', async () => {
    await openForm({}, bank);
    expect(screen.getByText('owner-0182')).toBeInTheDocument();
    expect(textbox('氏名（姓） 必須')).toHaveValue('佐藤');
    expect(textbox('氏名（名） 必須')).toHaveValue('健一');
    expect(textbox('氏名カナ（姓） 必須')).toHaveValue('サトウ');
    expect(textbox('氏名カナ（名） 必須')).toHaveAccessibleDescription('全角カタカナで入力してください。');
    expect(textbox('氏名カナ（名） 必須')).toHaveValue('ケンイチ');
    expect(textbox('メールアドレス 必須')).toHaveValue('kenichi.sato@example.co.jp');
    expect(textbox('予備のメールアドレス')).toHaveValue('');
    expect(textbox('電話番号')).toHaveValue('03-5000-1001');
    expect(screen.getByRole('img', { name: '現在のプロフィール画像' })).toHaveAttribute(
      'src',
      `/api/v1/user/picture/${PICTURE_CODE}`,
    );
    expect(screen.getByRole('checkbox', { name: 'プロフィール画像を削除する' })).not.toBeChecked();
  });

  it('saves what was entered, says 登録が完了しました, and has the app bar show the new name', async () => {
    const { fetch, refreshUser, user } = await openForm({}, bank);
    await user.clear(textbox('氏名（名） 必須'));
    await user.type(textbox('氏名（名） 必須'), '健二');
    await user.type(textbox('予備のメールアドレス'), 'kenji@example.jp');
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(MESSAGES.saved).toBe('登録が完了しました');
    expect(sentTo(fetch, SAVE_CALL)).toEqual([
      { ...UNCHANGED_BODY, user_first_name: '健二', user_alternate_email: 'kenji@example.jp' },
    ]);
    await waitFor(() => expect(refreshUser).toHaveBeenCalledTimes(1));
    expect(textbox('氏名（名） 必須')).toHaveValue('健二');
    expect(requestsTo(fetch, PICTURE_CALL)).toEqual([]);
  });
});

describe('/mypage/setting/profile', () => {
  it('saves without loading the user again when neither the name nor the picture changed', async () => {
    const { fetch, refreshUser, user } = await openForm();
    await user.clear(textbox('電話番号'));
    await user.type(textbox('電話番号'), '090-1234-5678');
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([{ ...UNCHANGED_BODY, user_tel: '090-1234-5678' }]);
    expect(refreshUser).not.toHaveBeenCalled();
    expect(screen.queryByText(EMAIL_CHANGE_MESSAGES.confirmationSent)).not.toBeInTheDocument();
  });

  it('says a confirmation mail was sent to a new e-mail address, and keeps showing the address in effect', async () => {
    const { fetch, user } = await openForm();
    await user.clear(textbox('メールアドレス 必須'));
    await user.type(textbox('メールアドレス 必須'), 'sato@example.co.jp');
    await user.click(save());
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.confirmationSent)).toBeInTheDocument();
    expect(sentTo(fetch, SAVE_CALL)).toEqual([{ ...UNCHANGED_BODY, user_email: 'sato@example.co.jp' }]);
    expect(screen.getByText(`${EMAIL_CHANGE_MESSAGES.pendingLabel}：sato@example.co.jp`)).toBeInTheDocument();
    expect(screen.getByText(EMAIL_CHANGE_MESSAGES.pendingNote)).toBeInTheDocument();
    // Until the link is followed the address is the old one, and the form says so.
    expect(textbox('メールアドレス 必須')).toHaveValue('kenichi.sato@example.co.jp');
  });

  it('shows an address still waiting for its link when the page opens', async () => {
    await openForm({}, FIXTURE_BANKS[0], profile({ user_pending_email: 'new@example.jp' }));
    expect(screen.getByText(`${EMAIL_CHANGE_MESSAGES.pendingLabel}：new@example.jp`)).toBeInTheDocument();
    expect(screen.queryByText(EMAIL_CHANGE_MESSAGES.confirmationSent)).not.toBeInTheDocument();
  });

  it('shows each field’s message under it, focuses the first, and sends nothing', async () => {
    const { fetch, user } = await openForm();
    await user.clear(textbox('氏名（姓） 必須'));
    await user.type(textbox('氏名（名） 必須'), 'あ'.repeat(29));
    await user.clear(textbox('氏名カナ（姓） 必須'));
    await user.type(textbox('氏名カナ（姓） 必須'), 'さとう');
    await user.clear(textbox('メールアドレス 必須'));
    await user.type(textbox('メールアドレス 必須'), 'sato@');
    await user.type(textbox('予備のメールアドレス'), 'sato');
    await user.clear(textbox('電話番号'));
    await user.type(textbox('電話番号'), '0350001001');
    await user.click(save());

    expect(errorOf(textbox('氏名（姓） 必須'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(textbox('氏名（名） 必須'))).toBe('30文字以内で入力してください');
    expect(errorOf(textbox('氏名カナ（姓） 必須'))).toBe('カナを入力してください');
    expect(errorOf(textbox('氏名カナ（名） 必須'))).toBeUndefined();
    expect(errorOf(textbox('メールアドレス 必須'))).toBe('メールアドレスが正しくありません');
    expect(errorOf(textbox('予備のメールアドレス'))).toBe('メールアドレスが正しくありません');
    expect(errorOf(textbox('電話番号'))).toBe('電話番号が正しくありません');
    expect(document.activeElement).toBe(textbox('氏名（姓） 必須'));
    expect(sentTo(fetch, SAVE_CALL)).toEqual([]);

    // Once corrected, the message goes as the value changes.
    await user.type(textbox('氏名（姓） 必須'), '佐藤');
    expect(errorOf(textbox('氏名（姓） 必須'))).toBeUndefined();
  });

  it('asks for the e-mail address, and an alternate other than it', async () => {
    const { fetch, user } = await openForm();
    await user.clear(textbox('メールアドレス 必須'));
    await user.click(save());
    expect(errorOf(textbox('メールアドレス 必須'))).toBe(VALIDATION_MESSAGES.required);
    await user.type(textbox('メールアドレス 必須'), 'kenichi.sato@example.co.jp');
    await user.type(textbox('予備のメールアドレス'), 'Kenichi.Sato@example.co.jp');
    await user.click(save());
    expect(errorOf(textbox('予備のメールアドレス'))).toBe(USER_PROFILE_MESSAGES.alternateEmailSameAsEmail);
    expect(sentTo(fetch, SAVE_CALL)).toEqual([]);
  });

  it('puts a refusal the server answers under its field, with データの登録に失敗しました', async () => {
    // A 400 fails quietly (the form's own check already refuses what the server's would); a 422
    // carries messages for the fields.
    const { refreshUser, user } = await openForm({
      [SAVE_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: MESSAGES.saveFailed,
          errors: { user_alternate_email: [USER_PROFILE_MESSAGES.alternateEmailSameAsEmail] },
        },
      }),
    });
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(errorOf(textbox('予備のメールアドレス'))).toBe(USER_PROFILE_MESSAGES.alternateEmailSameAsEmail);
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it('uploads a chosen picture once the fields are saved, shows it, and has the app bar load the user again', async () => {
    const { fetch, refreshUser, user } = await openForm({
      [PICTURE_CALL]: () =>
        successAnswer({
          file_unique_code: NEW_PICTURE_CODE,
          file_url: `/api/v1/user/picture/${NEW_PICTURE_CODE}`,
        }),
    });
    const file = png();
    await user.upload(pictureInput(), file);
    expect(screen.getByText('「me.png」を保存時に登録します。')).toBeInTheDocument();
    await user.click(save());

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    const sent = fetch.mock.calls.find(
      ([input, init]) => String(input).endsWith('/api/v1/user/profile_picture') && init?.method === 'POST',
    )?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBe(file);
    // The fields went first.
    expect(sentTo(fetch, SAVE_CALL)).toEqual([UNCHANGED_BODY]);
    expect(screen.getByRole('img', { name: '現在のプロフィール画像' })).toHaveAttribute(
      'src',
      `/api/v1/user/picture/${NEW_PICTURE_CODE}`,
    );
    await waitFor(() => expect(refreshUser).toHaveBeenCalledTimes(1));
  });

  it('takes the picture away when asked, and has the app bar load the user again', async () => {
    const { fetch, refreshUser, user } = await openForm({
      [PICTURE_DELETE_CALL]: () => successAnswer({ user_profile_picture: null }),
    });
    await user.click(screen.getByRole('checkbox', { name: 'プロフィール画像を削除する' }));
    await user.click(save());
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(requestsTo(fetch, PICTURE_DELETE_CALL)).toHaveLength(1);
    expect(screen.getByText('プロフィール画像は登録されていません。')).toBeInTheDocument();
    await waitFor(() => expect(refreshUser).toHaveBeenCalledTimes(1));
  });

  it('refuses a picture over 2 MB before sending anything, under the picture field', async () => {
    const { fetch, user } = await openForm();
    await user.upload(pictureInput(), png('big.png', 2097153));
    await user.click(save());
    expect(errorOf(pictureInput())).toBe('ファイルサイズは2MB以内にしてください');
    expect(document.activeElement).toBe(pictureInput());
    expect(sentTo(fetch, SAVE_CALL)).toEqual([]);
    expect(requestsTo(fetch, PICTURE_CALL)).toEqual([]);
  });

  it('shows the server’s refusal of a picture’s content under the picture field', async () => {
    const { refreshUser, user } = await openForm({
      [PICTURE_CALL]: () => ({
        status: 422,
        body: {
          status: 'error',
          message: USER_PROFILE_MESSAGES.pictureTypeRefused,
          errors: { file: [USER_PROFILE_MESSAGES.pictureTypeRefused] },
        },
      }),
    });
    await user.upload(pictureInput(), png('fake.png'));
    await user.click(save());
    await waitFor(() => expect(errorOf(pictureInput())).toBe('このファイル形式はアップロードできません'));
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it('says the profile could not be read when the load fails', async () => {
    renderPage({
      user: fixtureUser('company_employee'),
      api: { [PROFILE_CALL]: () => ({ status: 500, body: { status: 'error', message: 'x' } }) },
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
