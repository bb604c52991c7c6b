import { MESSAGES } from '#server/contracts/messages.ts';
/** Spec section 8: the message of an error that brings none of its own. */
export const DEFAULT_ERROR_MESSAGE = MESSAGES.requestFailed;

/**
 * The message of a failed request's answer (spec section 8): a string body is the message itself,
 * an envelope gives its `message` (or `error_message`), anything else the default message.
 */
export function messageOfBody(body: unknown): string {
  if (typeof body === 'string') return body.trim() === '' ? DEFAULT_ERROR_MESSAGE : body;
  if (typeof body === 'object' && body !== null) {
    const { message, error_message: errorMessage } = body as { message?: unknown; error_message?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (typeof errorMessage === 'string' && errorMessage !== '') return errorMessage;
  }
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * An HTTP status to show as an error page. Loaders and pages throw it (e.g. a record that does
 * not exist is `new HttpError(404)`); the route error element renders the page for its status.
 */
export class HttpError extends Error {
  readonly status: number;
  /** The message for the page, if one was given or the answer's body had one. */
  readonly detail: string | undefined;
  /** The answer's body, if any. */
  readonly body: unknown;

  constructor(status: number, message?: string, options?: { body?: unknown; cause?: unknown }) {
    const detail = message ?? (options?.body === undefined ? undefined : messageOfBody(options.body));
    super(detail ?? `HTTP ${status}`, { cause: options?.cause });
    this.name = 'HttpError';
    this.status = status;
    this.detail = detail;
    this.body = options?.body;
  }
}

/**
 * The message to show or report for any error (spec section 8): a string error is the message, an
 * error with an answer body uses the body's message, anything else the default message.
 */
export function errorMessageOf(error: unknown): string {
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (error instanceof HttpError) return error.detail ?? DEFAULT_ERROR_MESSAGE;
  if (typeof error === 'object' && error !== null && 'body' in error) return messageOfBody(error.body);
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * A load that did not succeed: the request layer already dealt with the status (reported it, or
 * showed the 401 page), so the page shows its own message, such as データ取得に失敗しました.
 * Thrown so that react-query and loaders see a failure instead of an empty answer.
 */
export class RequestFailedError extends Error {
  readonly path: string;
  /** The error envelope of a 422 or 405; undefined when the request failed quietly. */
  readonly refusal: { message?: string; error_message?: string } | undefined;

  constructor(path: string, refusal?: { message?: string; error_message?: string }) {
    super(`${path}: ${refusal ? messageOfBody(refusal) : 'no answer'}`);
    this.name = 'RequestFailedError';
    this.path = path;
    this.refusal = refusal;
  }
}
