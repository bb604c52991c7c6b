import { createContext, createElement, type ReactNode, use, useMemo } from 'react';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';

/**
 * The logged-in user as start-up loaded it (GET /api/v1/user/me: app/startup/current-user-request.ts),
 * for every page.
 */
const CurrentUserContext = createContext<{ user: LoggedInUser | null; refresh: () => Promise<void> } | null>(
  null,
);

/**
 * Makes the logged-in user (or null) that start-up loaded available to every page, with `refresh`,
 * which loads them again for the whole shell (the app bar's profile block included).
 */
export function CurrentUserProvider({
  user,
  refresh,
  children,
}: {
  user: LoggedInUser | null;
  refresh: () => Promise<void>;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ user, refresh }), [user, refresh]);
  return createElement(CurrentUserContext, { value }, children);
}

/** The logged-in user, or null when nobody is logged in. Only components under CurrentUserProvider may call it. */
export function useCurrentUser(): LoggedInUser | null {
  const context = use(CurrentUserContext);
  if (!context) throw new Error('useCurrentUser() was called outside <CurrentUserProvider>');
  return context.user;
}

/**
 * Loads the logged-in user again (GET /api/v1/user/me) and re-renders the shell with them: after a
 * save that changes what the app bar shows (the company's name or logo). Resolves once shown.
 */
export function useRefreshCurrentUser(): () => Promise<void> {
  const context = use(CurrentUserContext);
  if (!context) throw new Error('useRefreshCurrentUser() was called outside <CurrentUserProvider>');
  return context.refresh;
}
