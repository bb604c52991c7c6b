import type { FieldErrors } from './contracts/envelope.ts';
import type { DatabaseUnavailableError } from './db/database-errors.ts';
import { MESSAGES } from './contracts/messages.ts';

/**
 * The one error vocabulary of the API: a stable code, an HTTP status and the message shown to users.
 * The error handler renders it as the spec's envelope; 5xx details never reach the client.
 */
export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly fieldErrors: FieldErrors | undefined;
  /** Sent as Retry-After with a 429 or 503. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: string,
    statusCode: number,
    message: string,
    options?: { fieldErrors?: FieldErrors; cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.fieldErrors = options?.fieldErrors;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

/** Spec texts used by more than one route (spec section 8 of both documents). */
export { MESSAGES };

export const badRequest = (message: string = MESSAGES.badRequest, fieldErrors?: FieldErrors) =>
  new AppError('bad_request', 400, message, { fieldErrors });
/**
 * 422: input the schema accepts but the server refuses on what only it can check (the file's real
 * type, the stored item, the master lists). The browser's request layer hands a 422's body to the
 * page (a 400 stays quiet: spec section 8), so the messages reach the form's fields.
 */
export const unprocessable = (message: string = MESSAGES.saveFailed, fieldErrors?: FieldErrors) =>
  new AppError('unprocessable', 422, message, { fieldErrors });
export const notFound = (message: string = MESSAGES.notFound) => new AppError('not_found', 404, message);
export const tooManyRequests = (message: string) => new AppError('too_many_requests', 429, message);
/**
 * The database did not answer in time or could not be reached (server/db/database-errors.ts): nothing
 * the user did wrong, so 503 and a retry a few seconds later. The code names the reason for the log.
 */
export const databaseUnavailable = (cause: DatabaseUnavailableError) =>
  new AppError(`database_${cause.reason}`, 503, MESSAGES.busy, { cause, retryAfterSeconds: 5 });
export const unauthorized = () => new AppError('unauthorized', 401, MESSAGES.unauthorized);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('forbidden', 403, message);
/** A store or provider out of reach for a moment: 503 with Retry-After: 1. */
export const serviceUnavailable = (message: string) =>
  new AppError('service_unavailable', 503, message, { retryAfterSeconds: 1 });
