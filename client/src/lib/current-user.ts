import { createContext, createElement, type ReactNode, use } from 'react';
import type { LoggedInUser } from '../../../server/contracts/user.ts';
import type { ApiClient } from './request/api-client.ts';

/** The current user's API (platform spec section 7), added by the identity issue. */
export const CURRENT_USER_PATH = '/api/v1/user/me';

/**
 * The logged-in user, or null for a visitor who is not logged in.
 *
 * Logging in arrives with the identity issue (issue 4), which adds GET /api/v1/user/me and
 * replaces this body, and only this body: request CURRENT_USER_PATH with
 * `{ schema: successEnvelope(z.nullable(loggedInUserSchema)), onUnauthorized: 'answer-nothing' }`
 * and read anything but a success as null ("not logged in"). Until then no visitor can have a
 * session, so there is nothing to ask: asking a route that does not exist would put a 404 in every
 * visitor's console on every page.
 */
export async function fetchCurrentUser(_api: ApiClient, _signal?: AbortSignal): Promise<LoggedInUser | null> {
  return null;
}

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
