import { createContext, createElement, type ReactNode, use } from 'react';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';

/**
 * The logged-in user as start-up loaded it (GET /api/v1/user/me: app/startup/current-user-request.ts),
 * for every page.
 */
const CurrentUserContext = createContext<{ user: LoggedInUser | null } | null>(null);

/** Makes the logged-in user (or null) that start-up loaded available to every page. */
export function CurrentUserProvider({ user, children }: { user: LoggedInUser | null; children: ReactNode }) {
  return createElement(CurrentUserContext, { value: { user } }, children);
}

/** The logged-in user, or null when nobody is logged in. Only components under CurrentUserProvider may call it. */
export function useCurrentUser(): LoggedInUser | null {
  const context = use(CurrentUserContext);
  if (!context) throw new Error('useCurrentUser() was called outside <CurrentUserProvider>');
  return context.user;
}
