/**
 * The shape of the portal's unguessable ids (a session, a password reset link, a registration
 * draft): 32 random bytes in base64url, 43 characters. Checked before any lookup, in the browser's
 * forms and the server's schemas alike.
 */
export const RANDOM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
