import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorEnvelope } from '#server/contracts/envelope.ts';
import { inquiryRoutes } from '#client/features/inquiry/pages.tsx';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { config0182 } from '#tests/component/fixtures/app-configs.ts';
import { renderPublicPage } from '#tests/component/fixtures/render-public-page.tsx';

type Answer = { status: 'success'; result: unknown } | ErrorEnvelope | undefined;

/** An API client that records what it was sent and answers what the test says. */
function fakeApi(answer: Answer) {
  const sent: Array<{ path: string; method: string | undefined; body: unknown }> = [];
  const api: ApiClient = {
    request: vi.fn(async (path, options) => {
      sent.push({ path, method: options.method, body: options.body });
      return answer as never;
    }),
    requestBlob: vi.fn(async () => undefined),
  };
  return { api, sent };
}

function openInquiryPage(answer: Answer) {
  const { api, sent } = fakeApi(answer);
  const { router, user } = renderPublicPage(inquiryRoutes, '/inquiry', { api });
  return { router, sent, user };
}

/** The message shown under a field, found through the field's own description. */
function messageOf(label: string | RegExp): string | null {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((node) => node?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText(/お問い合わせ種別/), 'ご利用のお申し込み・ご登録について');
  await user.type(screen.getByLabelText(/会社名/), '株式会社みなと食品');
  await user.type(screen.getByLabelText(/お名前/), '小林 洋子');
  await user.type(screen.getByLabelText(/フリガナ/), 'コバヤシ ヨウコ');
  await user.type(screen.getByLabelText(/メールアドレス/), 'y.kobayashi@minato-foods.example.jp');
  await user.type(screen.getByLabelText(/お問い合わせ内容/), '申込みに必要な書類を教えてください。');
  await user.click(screen.getByLabelText('プライバシーポリシーに同意する'));
}

describe('the inquiry form', () => {
  it('shows the spec’s message under every required field when sent empty, and sends nothing', async () => {
    const { sent, user } = openInquiryPage({ status: 'success', result: { inquiry_unique_code: 'x' } });
    await screen.findByRole('heading', { level: 1, name: 'お問い合わせ' });

    await user.click(screen.getByRole('button', { name: '送信する' }));

    for (const label of [
      /お問い合わせ種別/,
      /会社名/,
      /お名前/,
      /フリガナ/,
      /メールアドレス/,
      /お問い合わせ内容/,
    ]) {
      expect(messageOf(label), String(label)).toBe('必須入力項目です');
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(messageOf('プライバシーポリシーに同意する')).toBe('必須入力項目です');
    // The phone number may be left empty.
    expect(messageOf(/電話番号/)).toBeNull();
    expect(sent).toEqual([]);
    // The first field in error takes the focus, so the sender starts where the form needs them.
    expect(document.activeElement).toBe(screen.getByLabelText(/お問い合わせ種別/));
  });

  it('checks katakana, e-mail and phone formats with the spec’s messages', async () => {
    const { sent, user } = openInquiryPage(undefined);
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText(/フリガナ/), 'こばやし');
    await user.type(screen.getByLabelText(/メールアドレス/), 'kobayashi@');
    await user.type(screen.getByLabelText(/電話番号/), '0350001002');
    await user.click(screen.getByRole('button', { name: '送信する' }));

    expect(messageOf(/フリガナ/)).toBe('カナを入力してください');
    expect(messageOf(/メールアドレス/)).toBe('メールアドレスが正しくありません');
    expect(messageOf(/電話番号/)).toBe('電話番号が正しくありません');
    expect(sent).toEqual([]);
  });

  it('counts the characters of the inquiry against its limit of 2000', async () => {
    const { user } = openInquiryPage(undefined);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('0 / 2000文字')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/お問い合わせ内容/), '𠮷野家');
    expect(screen.getByText('3 / 2000文字')).toBeInTheDocument();
  });

  it('sends a filled-in form to POST /api/v1/inquiry, toasts the success and shows the thank-you page', async () => {
    const { router, sent, user } = openInquiryPage({
      status: 'success',
      result: { inquiry_unique_code: '0123456789abcdef0123456789abcdef' },
    });
    await screen.findByRole('heading', { level: 1 });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: '送信する' }));

    await screen.findByRole('heading', { level: 1, name: 'お問い合わせ完了' });
    expect(router.state.location.pathname).toBe('/inquiry/completed');
    expect(sent).toEqual([
      {
        path: '/api/v1/inquiry',
        method: 'POST',
        body: {
          inquiry_category: 'registration',
          inquiry_company_name: '株式会社みなと食品',
          inquiry_name: '小林 洋子',
          inquiry_name_kana: 'コバヤシ ヨウコ',
          inquiry_email: 'y.kobayashi@minato-foods.example.jp',
          inquiry_tel: '',
          inquiry_body: '申込みに必要な書類を教えてください。',
          agree_privacy_policy: true,
        },
      },
    ]);
    expect(screen.getByRole('status').textContent).toContain('登録が完了しました');
    // The thank-you page names the bank's desk for anything urgent.
    expect(screen.getByRole('link', { name: config0182().bank.contact.tel })).toBeInTheDocument();
  });

  it('stays on the form with an error toast when the server does not take the inquiry', async () => {
    const { router, user } = openInquiryPage(undefined);
    await screen.findByRole('heading', { level: 1 });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: '送信する' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('データの登録に失敗しました');
    expect(router.state.location.pathname).toBe('/inquiry');
    expect((screen.getByLabelText(/会社名/) as HTMLInputElement).value).toBe('株式会社みなと食品');
  });

  it('shows the field errors of a refused inquiry under their fields', async () => {
    const { user } = openInquiryPage({
      status: 'error',
      message: '入力内容を確認してください',
      errors: { inquiry_email: ['メールアドレスが正しくありません'] },
    });
    await screen.findByRole('heading', { level: 1 });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: '送信する' }));

    await screen.findByRole('alert');
    expect(messageOf(/メールアドレス/)).toBe('メールアドレスが正しくありません');
    expect(within(screen.getByRole('alert')).getByText('データの登録に失敗しました')).toBeInTheDocument();
  });
});
