import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_MESSAGES, PASSWORD_RULES } from '#server/contracts/password-change.ts';
import { REMINDER_MESSAGES } from '#server/contracts/reminder.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { settingsRoutes } from '#client/features/settings/pages.tsx';
import { config0182 } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeAnswer,
  type FakeApi,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { ErrorStatus, errorOf, sentTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PATH = '/mypage/setting/password';
const CHANGE = 'POST /api/v1/setting/password';
const PROVIDER_URL = 'https://idp.example.jp/password/change';

/** /mypage/setting/password as the app shows it: the real route, the providers, toasts and overlay. */
function openPage(api: FakeApi = {}, configChanges = {}) {
  const { Providers, fetch } = createProviders({
    config: { ...config0182(), ...configChanges },
    user: fixtureUser('company_user'),
    api,
  });
  const router = createMemoryRouter(
    [{ ErrorBoundary: ErrorStatus, HydrateFallback: () => null, children: settingsRoutes }],
    { initialEntries: [PATH] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { fetch, user: userEvent.setup() };
}

/** A password field, by its id (a password input has no role to find it by). */
function passwordField(id: string): HTMLElement {
  const field = document.getElementById(id);
  if (!field) throw new Error(`no field #${id}`);
  return field;
}

const refusal = (status: number, message: string, errors?: Record<string, string[]>): FakeAnswer => ({
  status,
  body: { status: 'error', message, ...(errors ? { errors } : {}) },
});

beforeAll(async () => {
  await import('#client/features/settings/password/password-setting-page.tsx');
});

describe('/mypage/setting/password', () => {
  it('states the password rules and says other logins end', async () => {
    openPage();
    const rules = await screen.findByRole('region', { name: 'パスワードのルール' });
    for (const rule of PASSWORD_RULES) expect(rules).toHaveTextContent(rule);
    expect(rules).toHaveTextContent('8〜64文字');
    expect(rules).toHaveTextContent('よく使われているパスワード');
    expect(rules).toHaveTextContent('ほかの端末やブラウザでのログインは終了します');
    expect(passwordField('current_password')).toHaveAttribute('autocomplete', 'current-password');
    expect(passwordField('password')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('checks the fields in the browser with the contract’s rules and sends nothing while they fail', async () => {
    const { fetch, user } = openPage();
    await screen.findByRole('region', { name: 'パスワードのルール' });
    const button = screen.getByRole('button', { name: 'パスワードを変更する' });
    await user.click(button);
    expect(errorOf(passwordField('current_password'))).toBe(VALIDATION_MESSAGES.required);
    expect(errorOf(passwordField('password'))).toBe(VALIDATION_MESSAGES.required);

    await user.type(passwordField('current_password'), 'demo-password');
    await user.type(passwordField('password'), 'short1');
    await user.click(button);
    expect(errorOf(passwordField('password'))).toBe(REMINDER_MESSAGES.passwordTooShort);

    await user.clear(passwordField('password'));
    await user.type(passwordField('password'), 'Password123');
    await user.type(passwordField('password_confirmation'), 'Password123');
    await user.click(button);
    expect(errorOf(passwordField('password'))).toBe(PASSWORD_CHANGE_MESSAGES.commonPassword);

    await user.clear(passwordField('password'));
    await user.type(passwordField('password'), 'hikari2026A');
    await user.clear(passwordField('password_confirmation'));
    await user.type(passwordField('password_confirmation'), 'hikari2026B');
    await user.click(button);
    expect(errorOf(passwordField('password_confirmation'))).toBe(PASSWORD_CHANGE_MESSAGES.passwordMismatch);
    expect(sentTo(fetch, CHANGE)).toEqual([]);
  });

  it('shows a wrong current password under 現在のパスワード', async () => {
    const { fetch, user } = openPage({
      [CHANGE]: () =>
        refusal(422, PASSWORD_CHANGE_MESSAGES.currentPasswordWrong, {
          current_password: [PASSWORD_CHANGE_MESSAGES.currentPasswordWrong],
        }),
    });
    await screen.findByRole('region', { name: 'パスワードのルール' });
    await user.type(passwordField('current_password'), 'not-the-password1');
    await user.type(passwordField('password'), 'hikari2026A');
    await user.type(passwordField('password_confirmation'), 'hikari2026A');
    await user.click(screen.getByRole('button', { name: 'パスワードを変更する' }));
    await screen.findByText(PASSWORD_CHANGE_MESSAGES.currentPasswordWrong);
    expect(errorOf(passwordField('current_password'))).toBe(PASSWORD_CHANGE_MESSAGES.currentPasswordWrong);
    expect(sentTo(fetch, CHANGE)).toHaveLength(1);
  });

  it('changes the password, says パスワードを変更しました and empties the form', async () => {
    const { fetch, user } = openPage({
      [CHANGE]: () => successAnswer({}, PASSWORD_CHANGE_MESSAGES.changed),
    });
    await screen.findByRole('region', { name: 'パスワードのルール' });
    await user.type(passwordField('current_password'), 'demo-password');
    await user.type(passwordField('password'), 'hikari2026A');
    await user.type(passwordField('password_confirmation'), 'hikari2026A');
    await user.click(screen.getByRole('button', { name: 'パスワードを変更する' }));
    expect(await screen.findByText('パスワードを変更しました')).toBeInTheDocument();
    expect(sentTo(fetch, CHANGE)).toEqual([
      { current_password: 'demo-password', password: 'hikari2026A', password_confirmation: 'hikari2026A' },
    ]);
    expect(passwordField('current_password')).toHaveValue('');
    expect(passwordField('password')).toHaveValue('');
    expect(passwordField('password_confirmation')).toHaveValue('');
  });

  it('where the bank’s provider keeps the passwords, links there (new tab) instead of the form', async () => {
    const { fetch } = openPage({}, { password_reset_url: PROVIDER_URL });
    const link = await screen.findByRole('link', { name: /パスワード変更ページを開く/ });
    expect(link).toHaveAttribute('href', PROVIDER_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('button', { name: 'パスワードを変更する' })).not.toBeInTheDocument();
    expect(document.getElementById('current_password')).toBeNull();
    expect(sentTo(fetch, CHANGE)).toEqual([]);
  });
});
