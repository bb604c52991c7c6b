import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { SESSION_STORE_UNAVAILABLE_MESSAGE } from '../auth/auth-plugin.ts';
import { SessionStoreUnavailableError } from '../auth/session-store.ts';
import type { ErrorEnvelope } from '../contracts/envelope.ts';
import { DatabaseUnavailableError } from '../db/database-errors.ts';
import { AppError, databaseUnavailable, MESSAGES, serviceUnavailable } from '../errors.ts';
import { RequestValidationError } from './request-validation.ts';

/** Statuses Fastify itself raises for a bad request, with the message a user sees. */
const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: MESSAGES.badRequest,
  404: MESSAGES.notFound,
  405: '許可されていないメソッドです',
  413: '送信データが大きすぎます',
  414: 'URLが長すぎます',
  415: 'このContent-Typeには対応していません',
  429: 'アクセスが集中しています。しばらく時間をおいて再度お試しください',
  431: 'リクエストヘッダーが大きすぎます',
};

function errorEnvelope(statusCode: number, error: unknown): ErrorEnvelope {
  if (error instanceof RequestValidationError) {
    return { status: 'error', message: MESSAGES.badRequest, errors: error.fieldErrors };
  }
  if (error instanceof AppError) {
    return error.fieldErrors
      ? { status: 'error', message: error.message, errors: error.fieldErrors }
      : { status: 'error', message: error.message };
  }
  return { status: 'error', message: CLIENT_ERROR_MESSAGES[statusCode] ?? MESSAGES.badRequest };
}

function statusOf(error: unknown): number {
  if (error instanceof RequestValidationError) return 400;
  if (error instanceof AppError) return error.statusCode;
  if (isResponseSerializationError(error as FastifyError)) return 500;
  const status = (error as Partial<FastifyError>).statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * One error vocabulary: every failure leaves as the spec's envelope. 4xx carry the user-facing
 * message (and field errors); 5xx answer "System Error" only — the cause goes to the log with the
 * request id and bank code, never to the client.
 */
export const errorHandlerPlugin = fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((raised: unknown, request: FastifyRequest, reply: FastifyReply) => {
      // A database or session store that is busy or away is a 503 in Japanese, not a 500 or a hung
      // request (a handler that ends sessions, as a password change does, meets the store too).
      const error =
        raised instanceof DatabaseUnavailableError
          ? databaseUnavailable(raised)
          : raised instanceof SessionStoreUnavailableError
            ? serviceUnavailable(SESSION_STORE_UNAVAILABLE_MESSAGE)
            : raised;
      const statusCode = statusOf(error);
      if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      // A deliberate 503 (a store or provider out of reach) tells the user, in Japanese, to try again.
      if (error instanceof AppError && statusCode === 503) {
        request.log.warn({ code: error.code }, 'service unavailable');
        return reply.code(503).send({ status: 'error', message: error.message } satisfies ErrorEnvelope);
      }
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .code(statusCode)
          .send({ status: 'error', message: MESSAGES.serverError } satisfies ErrorEnvelope);
      }
      // The access line has the status; why it was refused is a detail for debugging.
      request.log.debug({ statusCode, code: (error as Partial<FastifyError>).code }, 'request refused');
      return reply.code(statusCode).send(errorEnvelope(statusCode, error));
    });
  },
  { name: 'error-handler' },
);
