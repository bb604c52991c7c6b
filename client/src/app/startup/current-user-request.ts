import * as z from 'zod/mini';
import { successEnvelope } from '#server/contracts/envelope.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';

/**
 * GET: the logged-in user; null when nobody is logged in. CURRENT_USER_PATH of
 * server/contracts/identity.ts, written out: that module carries the menus, and start-up runs on
 * every public page's first visit (the 150 kB budget). A component test holds the two equal.
 */
export const CURRENT_USER_PATH = '/api/v1/user/me';

// The answer is read in two steps: a visitor's null needs no user schema, so its code (and the
// account lists it brings) loads only when someone is logged in, not on a visitor's first visit.
// This module is start-up's alone (the entry chunk): a dynamic import in a module the layouts share
// (lib/current-user.ts) made the bundler split Vite's preload helper into a chunk of its own.
const someAnswerSchema = successEnvelope(z.unknown());

/**
 * The logged-in user (GET /api/v1/user/me), or null for a visitor (the gateway answers null). A 401
 * (an invalid credential) also reads as nobody, without the 401 page (onUnauthorized). Any other
 * failure also reads as null, after the request layer has reported it: the public pages keep
 * working, and a page that needs a login sends the visitor to /login. A user that does not match
 * the contract (loggedInUserSchema) throws: a bug to see, not a visitor.
 */
export async function fetchCurrentUser(api: ApiClient, signal?: AbortSignal): Promise<LoggedInUser | null> {
  const answer = await api.request(CURRENT_USER_PATH, {
    schema: someAnswerSchema,
    onUnauthorized: 'answer-nothing',
    signal,
  });
  // A visitor: the gateway answers null (a 401 would be an error in every visitor's console).
  if (answer?.status !== 'success' || answer.result === null) return null;
  const { loggedInUserSchema } = await import('#server/contracts/logged-in-user.ts');
  return z.parse(loggedInUserSchema, answer.result);
}
