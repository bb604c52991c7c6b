import { Link, useLocation } from '#client/lib/router/index.ts';
import { reminderPages } from '#server/contracts/pages/reminder.ts';
import { RESET_TOKEN_FRAGMENT_KEY } from '#server/contracts/reminder.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { PasswordResetForm } from './components/password-reset-form.tsx';
import { PasswordSetCompletion } from './components/password-set-completion.tsx';
import { Notice } from '#client/components/feedback/notice.ts';

/**
 * /register/portal/enable#token=…: a portal member's first step after approval, opened from the
 * approval mail: the password of the owner's login id, set with the mail's link (7 days, once), as
 * the reminder sets one. The token stays in the fragment, which the browser sends to no server.
 */
export function PortalEnablePage() {
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.slice(1)).get(RESET_TOKEN_FRAGMENT_KEY);
  return (
    <PageFrame title="ポータル会員アカウントの有効化">
      {token ? (
        <PasswordResetForm key={token} token={token} completedPath={reminderPages.enabled.path} />
      ) : (
        <Notice $tone="error" role="alert">
          <p>承認のお知らせメールに記載のURLから、このページを開いてください。</p>
          <p>
            リンクの有効期限が過ぎた場合は、<Link to={reminderPages.reminder.path}>パスワードの再設定</Link>
            からパスワードを設定してください。
          </p>
        </Notice>
      )}
    </PageFrame>
  );
}

/** /register/portal/enabled: the account works; on to the login with the new password. */
export function PortalEnabledPage() {
  return (
    <PasswordSetCompletion title="ポータル会員アカウントの有効化完了" lead="アカウントを有効にしました。">
      <p>お知らせしたログインIDと、設定したパスワードでログインしてください。</p>
    </PasswordSetCompletion>
  );
}
