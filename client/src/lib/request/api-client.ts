import * as z from 'zod/mini';
import { type ErrorEnvelope, errorEnvelopeSchema } from '#server/contracts/envelope.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import type { CredentialStore } from '../credential-store.ts';
import type { ErrorReporter } from '../error-reporting.ts';
import { HttpError, messageOfBody, RequestFailedError } from './http-error.ts';

/** Spec section 8: what the 401 page says when a request finds the session gone. */
export const UNAUTHORIZED_MESSAGE = MESSAGES.authenticationError;
/** Spec section 8: logged for a failure the request layer has no rule for. */
export const UNEXPECTED_ERROR_LOG = '予期せぬエラー発生';

/** A 401 is not shown on these pages' successors: the visitor has just logged in or out. */
const AUTHENTICATION_PATHS: readonly string[] = ['/login', '/logout'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON (not with GET); a FormData body is sent as multipart/form-data (uploads). */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /**
   * What a 401 does: by default the spec's rule (the 401 page, except on / or just after login or
   * logout). 'answer-nothing' lets the caller read a 401 itself, as "not logged in" for the
   * current-user call, where a visitor without a session is no error.
   */
  onUnauthorized?: 'error-page' | 'answer-nothing';
  /**
   * What a 404 does: by default it fails quietly like the other statuses the caller has no message
   * for; 'error-page' throws HttpError(404), so a detail page whose record does not exist (or is not
   * the user's to see) shows the 404 page from its loader or query; 'refusal' answers the refusal's
   * envelope, for a command whose subject may be gone (a registration draft past its 24 hours).
   */
  onNotFound?: 'answer-nothing' | 'error-page' | 'refusal';
  /** Headers of this request on top of the standard ones (which they cannot replace). */
  headers?: Readonly<Record<string, string>>;
}

export interface JsonRequestOptions<S extends z.core.$ZodType> extends RequestOptions {
  /** Parses the answer's body; a body that does not match throws (it is never made to fit). */
  schema: S;
}

/**
 * What a request answers (spec section 8): the parsed body on success; the error envelope of a 422
 * or 405, which the caller shows; undefined when the request failed quietly (400, 401, 403, 404,
 * 500, network errors and anything else), so the caller shows its own message such as
 * データ取得に失敗しました.
 */
export type RequestAnswer<T> = T | ErrorEnvelope | undefined;

export interface ApiClient {
  request<S extends z.core.$ZodType>(
    path: string,
    options: JsonRequestOptions<S>,
  ): Promise<RequestAnswer<z.output<S>>>;
  /** A file such as a PDF, fetched like any request and answered as a Blob. */
  requestBlob(path: string, options?: RequestOptions): Promise<RequestAnswer<Blob>>;
}

/** Where the visitor is and where they came from: together they decide whether a 401 is shown. */
export interface VisitorNavigation {
  currentPath(): string;
  /** The page before this one (in the app, or the referrer on arrival); null if unknown. */
  previousPath(): string | null;
}

export interface ApiClientOptions {
  /** The API base (server info's api_url, or '' for this origin); every request waits for it. */
  baseUrl: () => string | Promise<string>;
  fetch: typeof fetch;
  reporter: ErrorReporter;
  credentials: Pick<CredentialStore, 'read'>;
  navigation: VisitorNavigation;
  /** Shows the error page for a status (the request layer shows only the 401 page). */
  showErrorPage(page: { status: number; message: string }): void;
  /** Where 予期せぬエラー発生 is logged; the console by default. */
  logError?: (...data: unknown[]) => void;
}

/** Statuses whose error body goes back to the caller. */
const BODY_RETURNING_STATUSES = new Set([405, 422]);
/**
 * Too many requests: an "other" error (logged and reported as the spec says), whose message still
 * goes back to the caller, for it says when to try again (the public forms' rate limits).
 */
const RATE_LIMITED_STATUS = 429;
/** Statuses that fail quietly: the caller shows its own message. */
const QUIET_STATUSES = new Set([400, 403, 500]);

function encodeBody(body: unknown): BodyInit {
  return body instanceof FormData ? body : JSON.stringify(body);
}

function buildUrl(base: string, path: string, query: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const queryString = search.toString();
  return `${base.replace(/\/+$/, '')}${path}${queryString ? `?${queryString}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    // An error answer that claims JSON but is not: its text is still the best message there is.
    return text;
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * The one way the client calls the API (spec section 8, request-layer handling). Every request
 * sends JSON content type, the X-Requested-With marker and, only when a credential is stored, a
 * Bearer Authorization header; the browser's own session rides on the same-origin cookie.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { reporter, navigation } = options;
  const logError = options.logError ?? ((...data: unknown[]) => console.error(...data));

  const report = (error: unknown, context: Record<string, unknown>, status: string) =>
    reporter.captureException(error, { tags: { kind: 'request', status }, extra: context });

  /** The response of a successful request, the error body of a 422/405, or undefined. */
  async function exchange(
    path: string,
    request: RequestOptions,
  ): Promise<{ response: Response } | { refused: ErrorEnvelope } | undefined> {
    const method = request.method ?? 'GET';
    const url = buildUrl(await options.baseUrl(), path, request.query);
    // An upload (FormData) goes as multipart/form-data, with the boundary the browser writes.
    const isUpload = request.body instanceof FormData;
    const headers: Record<string, string> = {
      ...request.headers,
      ...(isUpload ? {} : { 'Content-Type': 'application/json' }),
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    const credential = options.credentials.read();
    if (credential) headers.Authorization = `Bearer ${credential}`;

    let response: Response;
    try {
      response = await options.fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: method === 'GET' || request.body === undefined ? undefined : encodeBody(request.body),
        signal: request.signal,
      });
    } catch (error) {
      // A cancelled query is not a failure: let react-query see its own abort.
      if (isAbort(error, request.signal)) throw error;
      report(error, { method, url }, 'network');
      return undefined;
    }
    if (response.ok) return { response };

    const { status } = response;
    const body = await readBody(response);
    const message = messageOfBody(body);
    const context = { method, url, message };

    if (status === 401) {
      const previous = navigation.previousPath();
      const ignored =
        request.onUnauthorized === 'answer-nothing' ||
        navigation.currentPath() === '/' ||
        (previous !== null && AUTHENTICATION_PATHS.includes(previous));
      if (!ignored) options.showErrorPage({ status: 401, message: UNAUTHORIZED_MESSAGE });
      return undefined;
    }
    if (status === 404) {
      if (request.onNotFound === 'error-page') throw new HttpError(404, undefined, { body });
      // A command about something that is gone (an expired draft): its message is for the page.
      if (request.onNotFound === 'refusal') {
        const envelope = errorEnvelopeSchema.safeParse(body);
        return { refused: envelope.success ? envelope.data : { status: 'error', message } };
      }
      logError(UNEXPECTED_ERROR_LOG, { status, ...context });
      return undefined;
    }
    report(new Error(`${method} ${url} answered ${status}: ${message}`), context, String(status));
    const returnsBody = BODY_RETURNING_STATUSES.has(status) || status === RATE_LIMITED_STATUS;
    if (!BODY_RETURNING_STATUSES.has(status) && !QUIET_STATUSES.has(status))
      logError(UNEXPECTED_ERROR_LOG, { status, ...context });
    if (returnsBody) {
      const envelope = errorEnvelopeSchema.safeParse(body);
      return { refused: envelope.success ? envelope.data : { status: 'error', message } };
    }
    return undefined;
  }

  return {
    async request(path, request) {
      const outcome = await exchange(path, request);
      if (!outcome) return undefined;
      if ('refused' in outcome) return outcome.refused;
      const text = await outcome.response.text();
      // A parse failure throws on purpose: a wrong answer is a bug to see, not an empty page.
      return z.parse(request.schema, text === '' ? undefined : JSON.parse(text));
    },
    async requestBlob(path, request = {}) {
      const outcome = await exchange(path, request);
      if (!outcome) return undefined;
      if ('refused' in outcome) return outcome.refused;
      return outcome.response.blob();
    },
  };
}

/**
 * The `result` of a success envelope; a 422/405 refusal or a quiet failure throws
 * RequestFailedError, for the page to show its own message.
 */
export function resultOf<T>(path: string, answer: RequestAnswer<{ status: 'success'; result: T }>): T {
  if (answer?.status === 'success') return answer.result;
  throw new RequestFailedError(path, answer);
}
