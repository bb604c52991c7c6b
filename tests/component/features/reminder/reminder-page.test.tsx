import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorEnvelope } from '#server/contracts/envelope.ts';
import { REMINDER_MESSAGES } from '#server/contracts/reminder.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { portalEnableRoutes, reminderRoutes } from '#client/features/reminder/pages.tsx';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { config0182 } from '#tests/component/fixtures/app-configs.ts';
import { fakeApiClient } from '#tests/component/fixtures/render-layout.tsx';
import { renderPublicPage } from '#tests/component/fixtures/render-public-page.tsx';

type Answer = { status: 'success'; result: unknown; message?: string } | ErrorEnvelope | undefined;
const TOKEN = 'x'.repeat(43);
const PASSWORD = 'kaigi2026Spring';

/** An API client answering each path as the test says, recording what it was sent. */
function fakeApi(answers: Record<string, Answer>) {
  const sent: Array<{ path: string; body: unknown }> = [];
  const api: ApiClient = {
    request: vi.fn(async (path: string, options: { body?: unknown }) => {
      sent.push({ path, body: options.body });
      return answers[path] as never;
    }),
    requestBlob: vi.fn(async () => undefined),
  };
  return { api, sent };
}

function openPage(entry: string, answers: Record<string, Answer>, configChanges = {}) {
  const { api, sent } = fakeApi(answers);
  const opened = renderPublicPage(reminderRoutes, entry, {
    api,
    config: { ...config0182(), ...configChanges },
  });
  return { ...opened, sent };
}

/** A password field, by its id (a password input has no role to find it by). */
function passwordField(id: string): HTMLElement {
  const field = document.getElementById(id);
  if (!field) throw new Error(`no field #${id}`);
  return field;
}

/** The message shown under a field, found through the field's own description. */
function errorOf(label: string | RegExp | HTMLElement): string | null {
  const control = label instanceof HTMLElement ? label : screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((node) => node?.id.endsWith('-error'))?.textContent ??
    null
  );
}

describe('/reminder', () => {
  it('asks for the login id or e-mail address, and shows the server’s one answer in place of the form', async () => {
    const { sent, user } = openPage('/reminder', {
      '/api/v1/reminder': { status: 'success', result: {}, message: REMINDER_MESSAGES.requested },
    });
    await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定' });
    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(errorOf(/ログインIDまたはメールアドレス/)).toBe(VALIDATION_MESSAGES.required);
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText(/ログインIDまたはメールアドレス/), 'owner-0182');
    await user.click(screen.getByRole('button', { name: '送信する' }));
    expect(await screen.findByText(REMINDER_MESSAGES.requested)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '送信する' })).not.toBeInTheDocument();
    expect(sent).toEqual([
      { path: '/api/v1/reminder', body: { login_id_or_email: 'owner-0182', homepage_url: '' } },
    ]);
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
  });

  it('keeps the honeypot out of reach: hidden, not focusable, not announced', async () => {
    openPage('/reminder', {});
    await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定' });
    const honeypot = document.querySelector('input[name="homepage_url"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual([
      'login_id_or_email',
    ]);
  });

  it('opened from the mail’s link, checks the link and sets the new password, then shows the completion page', async () => {
    const { router, sent, user } = openPage(`/reminder#token=${TOKEN}`, {
      '/api/v1/reminder/check': { status: 'success', result: { user_login_id: 'owner-0182' } },
      '/api/v1/reminder/reset': { status: 'success', result: {}, message: REMINDER_MESSAGES.completed },
    });
    expect(
      await screen.findByText('ログインID「owner-0182」の新しいパスワードを設定してください。'),
    ).toBeInTheDocument();
    // The two fields by their ids: both labels begin 新しいパスワード, and a password input has no role.
    const password = passwordField('password');
    const confirmation = passwordField('password_confirmation');
    expect(password).toHaveAccessibleName('新しいパスワード 必須');
    expect(confirmation).toHaveAccessibleName('新しいパスワード（確認） 必須');
    await user.type(password, 'short1');
    await user.type(confirmation, 'short2');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    expect(errorOf(password)).toBe(REMINDER_MESSAGES.passwordTooShort);
    expect(errorOf(confirmation)).toBe(REMINDER_MESSAGES.passwordMismatch);

    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.clear(confirmation);
    await user.type(confirmation, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'パスワード再設定完了' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reminder/completed');
    expect(sent.at(-1)).toEqual({
      path: '/api/v1/reminder/reset',
      body: { token: TOKEN, password: PASSWORD, password_confirmation: PASSWORD },
    });
  });

  it('shows the server’s refusal of a link through the real request layer', async () => {
    // The gateway answers a link it cannot take with 422 and its message; the request layer shows a
    // 422's message (a 400's it would replace by エラーが発生しました).
    const { api } = fakeApiClient({
      'POST /api/v1/reminder/check': () => ({
        status: 422,
        body: { status: 'error', message: REMINDER_MESSAGES.linkUsed },
      }),
    });
    renderPublicPage(reminderRoutes, `/reminder#token=${TOKEN}`, { api, config: config0182() });
    expect(await screen.findByText(REMINDER_MESSAGES.linkUsed)).toBeInTheDocument();
  });

  it('says why a link cannot be used, and offers to ask again', async () => {
    openPage(`/reminder#token=${TOKEN}`, {
      '/api/v1/reminder/check': { status: 'error', message: REMINDER_MESSAGES.linkExpired },
    });
    expect(await screen.findByText(REMINDER_MESSAGES.linkExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'パスワード再設定のお申し込みへ' })).toHaveAttribute(
      'href',
      '/reminder',
    );
    expect(document.getElementById('password')).toBeNull();
  });

  it('sends the user of a bank whose provider keeps the passwords to that provider’s page', async () => {
    const url = 'https://idp.example.jp/password/reset';
    const { sent, pageLocation } = openPage('/reminder', {}, { password_reset_url: url });
    expect(await screen.findByText('パスワードの再設定ページに移動します。')).toBeInTheDocument();
    expect(pageLocation.assign).toHaveBeenCalledExactlyOnceWith(url);
    expect(screen.getByRole('link', { name: /パスワードの再設定ページ/ })).toHaveAttribute('href', url);
    expect(sent).toEqual([]);
  });
});

describe('/register/portal/enable', () => {
  const openPortal = (entry: string, answers: Record<string, Answer>) => {
    const { api, sent } = fakeApi(answers);
    return { ...renderPublicPage(portalEnableRoutes, entry, { api, config: config0182() }), sent };
  };

  it('sets the portal member’s first password from the approval mail, then says the account works', async () => {
    const { router, sent, user } = openPortal(`/register/portal/enable#token=${TOKEN}`, {
      '/api/v1/reminder/check': { status: 'success', result: { user_login_id: 'portal-0182' } },
      '/api/v1/reminder/reset': { status: 'success', result: {}, message: REMINDER_MESSAGES.completed },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ポータル会員アカウントの有効化' }),
    ).toBeInTheDocument();
    await screen.findByText('ログインID「portal-0182」の新しいパスワードを設定してください。');
    await user.type(passwordField('password'), PASSWORD);
    await user.type(passwordField('password_confirmation'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    expect(await screen.findByText('アカウントを有効にしました。')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/portal/enabled');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sent.at(-1)?.path).toBe('/api/v1/reminder/reset');
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
  });

  it('opened without the mail’s link, says where to open it from and sends nothing', async () => {
    const { sent } = openPortal('/register/portal/enable', {});
    expect(await screen.findByRole('alert')).toHaveTextContent('承認のお知らせメールに記載のURLから');
    expect(sent).toEqual([]);
  });
});
