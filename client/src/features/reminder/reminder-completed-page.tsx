import { Link } from 'react-router';
import { Completion } from '#client/components/completion.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';

/** /reminder/completed: the password is set; every earlier session has ended, so on to the login. */
export function ReminderCompletedPage() {
  return (
    <PageFrame title="パスワード再設定完了">
      <Completion lead="パスワードを再設定しました。">
        <p>
          新しいパスワードでログインしてください。ほかの端末でログインしていた場合も、再度ログインが必要です。
        </p>
        <p>
          <Link to="/login" reloadDocument>
            ログイン画面へ
          </Link>
        </p>
      </Completion>
    </PageFrame>
  );
}
