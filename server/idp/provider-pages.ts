/**
 * The identity provider's pages: plain server-rendered HTML in Japanese, every value escaped, no
 * script needed (the logout page submits itself when scripts run, and has a button when they do not).
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

export const LOGIN_MESSAGES = {
  refused: 'ログインIDまたはパスワードが正しくありません。',
  locked: 'アカウントがロックされています。しばらく時間をおいてから再度お試しください。',
  rateLimited: 'ログインの試行回数が上限を超えました。しばらく時間をおいてから再度お試しください。',
  required: 'ログインIDとパスワードを入力してください。',
  expired: 'ログインの有効期限が切れました。もう一度ログインをやり直してください。',
} as const;

const STYLE = `
body{margin:0;font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;background:#f4f6f8;color:#1f2933}
main{max-width:360px;margin:64px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:1.25rem;margin:0 0 24px}label{display:block;margin:16px 0 4px;font-weight:600}
input{box-sizing:border-box;width:100%;padding:10px;font-size:1rem;border:1px solid #9aa5b1;border-radius:4px}
button{margin-top:24px;width:100%;padding:12px;font-size:1rem;border:0;border-radius:4px;background:#1f4e79;color:#fff;cursor:pointer}
.error{margin:0 0 16px;padding:12px;border-radius:4px;background:#fdecea;color:#8a1c1c}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
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
  /** Where the form posts (the interaction's own URL). */
  action: string;
  loginId?: string;
  message?: string;
}

export function renderLoginPage(content: LoginPageContent): string {
  const error = content.message ? `<p class="error" role="alert">${escapeHtml(content.message)}</p>\n` : '';
  return page(
    `ログイン | ${content.bankName}`,
    `<h1>${escapeHtml(content.bankName)} ログイン</h1>
${error}<form method="post" action="${escapeHtml(content.action)}">
<label for="login_id">ログインID</label>
<input id="login_id" name="login_id" type="text" autocomplete="username" required value="${escapeHtml(content.loginId ?? '')}">
<label for="password">パスワード</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">ログイン</button>
</form>`,
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
