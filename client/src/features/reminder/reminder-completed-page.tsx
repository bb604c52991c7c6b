import { PasswordSetCompletion } from './components/password-set-completion.tsx';

/** /reminder/completed: the password is set; every earlier session has ended, so on to the login. */
export function ReminderCompletedPage() {
  return (
    <PasswordSetCompletion title="パスワード再設定完了" lead="パスワードを再設定しました。">
      <p>
        新しいパスワードでログインしてください。ほかの端末でログインしていた場合も、再度ログインが必要です。
      </p>
    </PasswordSetCompletion>
  );
}
