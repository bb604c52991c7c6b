/**
 * The few pages the gateway itself answers around login (the React app is not involved): a
 * provider that cannot be reached, a login that expired, an account the portal does not know, and
 * the pages that post a logout or a switch back. Plain, escaped, Japanese, with the bank's name and
 * a way on.
 */
import { MESSAGES } from '../contracts/messages.ts';
import { escapeHtml } from '../web/escape-html.ts';

export interface AuthPage {
  title: string;
  message: string;
  link: { href: string; label: string };
}

function layout(bankName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(bankName)}</title>
<style>body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;margin:0;padding:48px 16px;color:#1f2933;background:#f5f7fa}main{max-width:560px;margin:0 auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}h1{font-size:1.25rem;margin:0 0 16px}p{line-height:1.7}a{color:#0b5394}button{padding:10px 24px;font-size:1rem;border:0;border-radius:4px;background:#0b5394;color:#fff;cursor:pointer}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>
`;
}

export function renderAuthPage(bankName: string, page: AuthPage): string {
  return layout(
    bankName,
    page.title,
    `<p>${escapeHtml(page.message)}</p><p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>`,
  );
}

/**
 * A page whose form POSTs what a GET must not do (end the session, end an impersonation): a link
 * or an <img> of another site could make the GET. Opened from the bank's own pages it submits
 * itself; opened from another site, or without scripts, it waits for its button.
 */
export interface SelfSubmittingPage {
  title: string;
  /** While the page submits itself. */
  submitting: string;
  /** While it waits for the button. */
  confirm: string;
  button: string;
}

/** The pages' one inline script, admitted by its hash in their Content-Security-Policy. */
export const SELF_SUBMIT_SCRIPT = 'document.forms[0].submit();';

export function renderSelfSubmittingPage(
  bankName: string,
  page: SelfSubmittingPage,
  form: { action: string; autoSubmit: boolean },
): string {
  return layout(
    bankName,
    page.title,
    `<p>${escapeHtml(form.autoSubmit ? page.submitting : page.confirm)}</p>` +
      `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(page.button)}</button></form>` +
      `<p><a href="/">${MESSAGES.backToTop}</a></p>` +
      (form.autoSubmit ? `<script>${SELF_SUBMIT_SCRIPT}</script>` : ''),
  );
}

export const SELF_SUBMITTING_PAGES = {
  logout: {
    title: 'ログアウト',
    submitting: 'ログアウトしています…',
    confirm: 'ログアウトするには、「ログアウト」を押してください。',
    button: 'ログアウト',
  },
  switchBack: {
    title: '元のユーザーに戻る',
    submitting: '元のユーザーに戻っています…',
    confirm: '元のユーザーに戻るには、「元のユーザーに戻る」を押してください。',
    button: '元のユーザーに戻る',
  },
} as const satisfies Record<string, SelfSubmittingPage>;

export const AUTH_PAGES = {
  providerUnavailable: {
    title: 'ただいまログインできません',
    message: 'ログインサービスに接続できませんでした。しばらく時間をおいてから再度お試しください。',
    link: { href: '/', label: MESSAGES.backToTop },
  },
  loginExpired: {
    title: 'ログインをやり直してください',
    message:
      'ログインの有効期限が切れたか、ログインの手続きを確認できませんでした。もう一度ログインしてください。',
    link: { href: '/login', label: 'ログインページへ' },
  },
  loginFailed: {
    title: 'ログインできませんでした',
    message: 'ログインの処理中にエラーが発生しました。もう一度ログインしてください。',
    link: { href: '/login', label: 'ログインページへ' },
  },
  unknownAccount: {
    title: 'このアカウントではログインできません',
    message: 'このアカウントは現在ご利用いただけません。お取引店またはサポートデスクにお問い合わせください。',
    link: { href: '/', label: MESSAGES.backToTop },
  },
  sessionStoreUnavailable: {
    title: 'ただいまログインできません',
    message: 'ただいまログイン状態を確認できません。しばらく時間をおいてから再度お試しください。',
    link: { href: '/', label: MESSAGES.backToTop },
  },
  crossSiteRequest: {
    title: 'この操作は受け付けられませんでした',
    message:
      'ほかのサイトから送られた操作のため、処理を中止しました。ポータルの画面からもう一度お試しください。',
    link: { href: '/', label: MESSAGES.backToTop },
  },
  tooManyRequests: {
    title: 'アクセスが集中しています',
    message: '短時間に多くのログイン操作が行われました。しばらく時間をおいてから再度お試しください。',
    link: { href: '/', label: MESSAGES.backToTop },
  },
} as const satisfies Record<string, AuthPage>;
