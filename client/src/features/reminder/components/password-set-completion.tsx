import type { ReactNode } from 'react';
import { Link } from '#client/lib/router/index.ts';
import { Completion } from '#client/components/completion.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';

/**
 * The page after a password was set (a reset, a portal account's first one): what happened, what
 * to log in with, and the link to the login, which loads the whole document (the login is the
 * server's, not a route of the app).
 */
export function PasswordSetCompletion({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  /** What to log in with now. */
  children: ReactNode;
}) {
  return (
    <PageFrame title={title}>
      <Completion lead={lead}>
        {children}
        <p>
          <Link to="/login" reloadDocument>
            ログイン画面へ
          </Link>
        </p>
      </Completion>
    </PageFrame>
  );
}
