import { Link } from '#client/lib/router/index.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { INVITATION_MESSAGES } from '#server/contracts/employee-invitation.ts';
import { LOGIN_PATH } from '#server/contracts/identity.ts';

/** The refusals that say the link itself can no longer be used: shown in place of the form. */
const LINK_REFUSALS: ReadonlySet<string> = new Set([
  INVITATION_MESSAGES.expired,
  INVITATION_MESSAGES.used,
  INVITATION_MESSAGES.revokedLink,
  INVITATION_MESSAGES.unknown,
  INVITATION_MESSAGES.alreadyMember,
]);

/** The refusals of someone who is already registered: their way on is the login. */
const REGISTERED_REFUSALS: ReadonlySet<string> = new Set([
  INVITATION_MESSAGES.used,
  INVITATION_MESSAGES.alreadyMember,
]);

export const isLinkRefusal = (message: string): boolean => LINK_REFUSALS.has(message);

/**
 * Why the invitation cannot be used (the server's words), and the way on: the login for a link
 * already used, the top page otherwise (a new invitation comes from the company's administrator).
 */
export function RefusedInvitation({ message }: { message: string }) {
  return (
    <Notice role="alert">
      <p>{message}</p>
      <p>
        {REGISTERED_REFUSALS.has(message) ? (
          // The login page is the gateway's, not the app's: a full page load.
          <Link to={LOGIN_PATH} reloadDocument>
            ログイン画面へ
          </Link>
        ) : (
          <Link to="/">トップページへ</Link>
        )}
      </p>
    </Notice>
  );
}
