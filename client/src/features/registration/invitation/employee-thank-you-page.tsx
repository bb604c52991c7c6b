import { Link, useLocation } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import * as z from 'zod/mini';
import { INVITATION_MESSAGES, registerEmployeeCall } from '#server/contracts/employee-invitation.ts';
import { LOGIN_PATH } from '#server/contracts/identity.ts';
import { Completion } from '#client/components/completion.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';

const LoginId = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
`;

/**
 * /register/employee/thankyou: the invitee is registered. The login id comes from the page that
 * registered (router state, kept out of the address); opened on its own (a bookmark, a reload in
 * another tab), the page still says how to log in.
 */
export function EmployeeThankYouPage() {
  // The state is the registration's answer as the form received it; anything else is no answer.
  const registered = z.safeParse(registerEmployeeCall.result, useLocation().state).data;
  return (
    <PageFrame title="従業員登録完了">
      <Completion lead={INVITATION_MESSAGES.registered}>
        {registered ? (
          <>
            <p>{`「${registered.company_name}」の従業員として登録しました。`}</p>
            <LoginId>
              ログインID: <strong>{registered.user_login_id}</strong>
            </LoginId>
            <p>
              このログインIDと設定したパスワードでログインしてください。ログインIDは、ご登録のメールアドレスにもお送りしました。
            </p>
          </>
        ) : (
          <p>ご登録のメールアドレスにお送りしたログインIDと、設定したパスワードでログインしてください。</p>
        )}
        <p>
          {/* The login page is the gateway's, not the app's: a full page load. */}
          <Link to={LOGIN_PATH} reloadDocument>
            ログイン画面へ
          </Link>
        </p>
      </Completion>
    </PageFrame>
  );
}
