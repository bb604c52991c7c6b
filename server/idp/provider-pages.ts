/**
 * The identity provider's pages: plain server-rendered HTML in Japanese, every value escaped, no
 * script needed (the logout page submits itself when scripts run, and has a button when they do not).
 */
import type { ThemeTokens } from '../contracts/theme-tokens.ts';
import { themeToRootRule } from '../tenancy/theme.ts';
import { escapeHtml } from '../web/escape-html.ts';

export const LOGIN_MESSAGES = {
  refused: 'ログインIDまたはパスワードが正しくありません。',
  locked: 'アカウントがロックされています。しばらく時間をおいてから再度お試しください。',
  rateLimited: 'ログインの試行回数が上限を超えました。しばらく時間をおいてから再度お試しください。',
  required: 'ログインIDとパスワードを入力してください。',
  expired: 'ログインの有効期限が切れました。もう一度ログインをやり直してください。',
} as const;

// Colours, font and radii are the bank's theme tokens (a :root rule of custom properties, as the
// portal's index.html has them) when the page knows the bank; the fallbacks are the unbranded look of
// the pages that do not.
const STYLE = `
body{margin:0;font-family:var(--font-family,system-ui,"Hiragino Sans","Noto Sans JP",sans-serif);background:var(--color-surface-muted,#f4f6f8);color:var(--color-text,#1f2933)}
main{max-width:360px;margin:64px auto;padding:32px;background:var(--color-surface,#fff);border-top:4px solid var(--color-main,#1f4e79);border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.logo{display:block;max-width:100%;max-height:48px;margin:0 0 24px}
h1{font-size:1.25rem;margin:0 0 24px}label{display:block;margin:16px 0 4px;font-weight:600}
input{box-sizing:border-box;width:100%;padding:10px;font-size:1rem;border:1px solid var(--color-border,#9aa5b1);border-radius:var(--radius-sm,4px)}
input:focus{outline:2px solid var(--color-border-focus,#1f4e79);outline-offset:1px}
button{margin-top:24px;width:100%;padding:12px;font-size:1rem;border:0;border-radius:var(--radius-sm,4px);background:var(--color-main,#1f4e79);color:var(--color-on-main,#fff);cursor:pointer}
button:hover{background:var(--color-main-hover,#173b5c)}
nav{margin-top:24px;display:flex;flex-direction:column;gap:8px;font-size:.875rem}a{color:var(--color-link,#1f4e79)}
.error{margin:0 0 16px;padding:12px;border-radius:4px;background:#fdecea;color:#8a1c1c}`;

/** What makes a page the bank's own: its theme and its favicon. */
interface PageBrand {
  theme: ThemeTokens;
  faviconUrl: string;
}

function page(title: string, body: string, brand?: PageBrand): string {
  const head = brand
    ? `<link rel="icon" href="${escapeHtml(brand.faviconUrl)}">\n<style>${themeToRootRule(brand.theme)}${STYLE}</style>`
    : `<style>${STYLE}</style>`;
  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface LoginPageContent {
  bankName: string;
  theme: ThemeTokens;
  logoUrl: string;
  faviconUrl: string;
  /** Where the form posts (the interaction's own URL). */
  action: string;
  /** The portal the user came from, for its password reminder and top page; no links when unknown. */
  portalOrigin: string | undefined;
  loginId?: string;
  message?: string;
}

export function renderLoginPage(content: LoginPageContent): string {
  const error = content.message ? `<p class="error" role="alert">${escapeHtml(content.message)}</p>\n` : '';
  const portalLinks = content.portalOrigin
    ? `\n<nav>
<a href="${escapeHtml(new URL('/reminder', content.portalOrigin).href)}">パスワードをお忘れの方はこちら</a>
<a href="${escapeHtml(new URL('/', content.portalOrigin).href)}">ポータルに戻る</a>
</nav>`
    : '';
  return page(
    `ログイン | ${content.bankName}`,
    `<img class="logo" src="${escapeHtml(content.logoUrl)}" alt="${escapeHtml(content.bankName)}">
<h1>${escapeHtml(content.bankName)} ログイン</h1>
${error}<form method="post" action="${escapeHtml(content.action)}">
<label for="login_id">ログインID</label>
<input id="login_id" name="login_id" type="text" autocomplete="username" required value="${escapeHtml(content.loginId ?? '')}">
<label for="password">パスワード</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">ログイン</button>
</form>${portalLinks}`,
    { theme: content.theme, faviconUrl: content.faviconUrl },
  );
}

export function renderMessagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

/** oidc-provider's end_session confirmation: `form` is its own hidden form (id op.logoutForm, with the xsrf field). */
export function renderLogoutPage(bankName: string, form: string): string {
  return page(
    `ログアウト | ${bankName}`,
    `<h1>${escapeHtml(bankName)} ログアウト</h1>
<p>ログアウトしています…</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">ログアウト</button>
<script>document.forms[0].insertAdjacentHTML('beforeend','<input type="hidden" name="logout" value="yes">');document.forms[0].submit();</script>`,
  );
}
