/**
 * What a loader or middleware may throw or return besides data: a redirect, and the error answer
 * the router makes for a URL no route matches (React Router's `ErrorResponse`).
 */

/** React Router's `redirect(to)`: a 302 Response, returned or thrown by a loader or middleware. */
export function redirect(to: string, init: number | ResponseInit = 302): Response {
  const responseInit = typeof init === 'number' ? { status: init } : { status: 302, ...init };
  const headers = new Headers(responseInit.headers);
  headers.set('Location', to);
  return new Response(null, { ...responseInit, headers });
}

export function isRedirectResponse(value: unknown): value is Response {
  return (
    value instanceof Response && value.status >= 300 && value.status <= 399 && value.headers.has('Location')
  );
}

export interface ErrorResponse {
  status: number;
  statusText: string;
  data: unknown;
}

export class ErrorResponseImpl implements ErrorResponse {
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;
  /** True when the router made it (no route matched), not a loader. */
  readonly internal: boolean;

  constructor(status: number, statusText: string, data: unknown, internal = false) {
    this.status = status;
    this.statusText = statusText;
    this.data = data;
    this.internal = internal;
  }
}

/** React Router's duck-typed check, so an answer made by either router passes. */
export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  if (error === null || typeof error !== 'object') return false;
  const candidate = error as Partial<ErrorResponseImpl>;
  return (
    typeof candidate.status === 'number' &&
    typeof candidate.statusText === 'string' &&
    typeof candidate.internal === 'boolean' &&
    'data' in candidate
  );
}

/** The 404 of a URL no route matches, as React Router makes it. */
export function notFoundResponse(pathname: string): ErrorResponseImpl {
  return new ErrorResponseImpl(404, 'Not Found', new Error(`No route matches URL "${pathname}"`), true);
}

/** A Response a loader threw, as the error its boundary sees (its body as text). */
export async function errorResponseOf(response: Response): Promise<ErrorResponseImpl> {
  return new ErrorResponseImpl(response.status, response.statusText, await response.text().catch(() => ''));
}
