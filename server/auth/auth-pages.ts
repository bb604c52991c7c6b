/**
 * The few pages the gateway itself answers around login (the React app is not involved): a
 * provider that cannot be reached, a login that expired, an account the portal does not know.
 * Plain, escaped, Japanese, with the bank's name and a way on.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface AuthPage {
  title: string;
  message: string;
  link: { href: string; label: string };
}

export function renderAuthPage(bankName: string, page: AuthPage): string {
  return `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${escapeHtml(bankName)}</title>
<style>body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;margin:0;padding:48px 16px;color:#1f2933;background:#f5f7fa}main{max-width:560px;margin:0 auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}h1{font-size:1.25rem;margin:0 0 16px}p{line-height:1.7}a{color:#0b5394}</style>
</head>
<body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p><p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p></main></body>
</html>
`;
}

export const AUTH_PAGES = {
  providerUnavailable: {
    title: 'ただいまログインできません',
    message: 'ログインサービスに接続できませんでした。しばらく時間をおいてから再度お試しください。',
    link: { href: '/', label: 'トップページに戻る' },
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
    link: { href: '/', label: 'トップページに戻る' },
  },
  sessionStoreUnavailable: {
    title: 'ただいまログインできません',
    message: 'ただいまログイン状態を確認できません。しばらく時間をおいてから再度お試しください。',
    link: { href: '/', label: 'トップページに戻る' },
  },
  tooManyRequests: {
    title: 'アクセスが集中しています',
    message: '短時間に多くのログイン操作が行われました。しばらく時間をおいてから再度お試しください。',
    link: { href: '/', label: 'トップページに戻る' },
  },
} as const satisfies Record<string, AuthPage>;
