import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '../contracts/envelope.ts';
import { MESSAGES } from '../errors.ts';

/**
 * The answers to requests Fastify refuses before any route or hook runs: a path that is not valid
 * percent-encoding, a parameter past its length, and what Node's HTTP parser refuses outright (a raw
 * 0xFF byte in the request line, a request line or headers past 16 KB, a malformed request). Each
 * answers the spec's envelope in Japanese, or a Japanese error page when a browser navigates.
 */

/** What a user is told for each status these paths answer. */
export const FRAMEWORK_ERROR_MESSAGES = {
  400: MESSAGES.badRequest,
  408: 'リクエストがタイムアウトしました',
  414: 'URLが長すぎます',
  431: 'リクエストヘッダーが大きすぎます',
} as const;
type FrameworkStatus = keyof typeof FRAMEWORK_ERROR_MESSAGES;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain page naming no bank (the request may not have reached a bank's host check). */
export function errorPage(status: number, message: string): string {
  return `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${status} ${escapeHtml(http.STATUS_CODES[status] ?? 'Error')}</title></head>
<body><h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">トップページに戻る</a></p></body>
</html>
`;
}

/** A page navigation (not an API call) that wants HTML: the rule the page routes use. */
function wantsPage(path: string, accept: string | undefined): boolean {
  if (path.startsWith('/api/')) return false;
  return accept !== undefined && accept.includes('text/html');
}

function answerOf(status: FrameworkStatus, path: string, accept: string | undefined) {
  const message = FRAMEWORK_ERROR_MESSAGES[status];
  return wantsPage(path, accept)
    ? { type: 'text/html; charset=utf-8', body: errorPage(status, message) }
    : {
        type: 'application/json; charset=utf-8',
        body: JSON.stringify({ status: 'error', message } satisfies ErrorEnvelope),
      };
}

/** Fastify's `frameworkErrors`: a bad percent-escape in the path, a parameter past its length. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status: FrameworkStatus = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  request.log.info({ code: error.code, statusCode: status }, 'request refused before routing');
  const answer = answerOf(status, request.url, request.headers.accept);
  return reply.code(status).type(answer.type).header('cache-control', 'no-store').send(answer.body);
}

/** Node's 'clientError': the parser's code, and the bytes it had read. */
interface ClientError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/** The request line's path and Accept header of a packet Node refused, read as far as they can be. */
function sniffRequest(rawPacket: unknown): { path: string; accept: string | undefined } {
  const head = Buffer.isBuffer(rawPacket) ? rawPacket.subarray(0, 8192).toString('latin1') : '';
  const path = /^[A-Z]+ (\S+)/.exec(head)?.[1] ?? '/';
  const accept = /\r\naccept:([^\r\n]*)/i.exec(head)?.[1];
  return { path, accept };
}

function clientErrorStatus(code: string | undefined): FrameworkStatus {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

/**
 * Fastify's `clientErrorHandler` (Node's 'clientError'): the request never became a request, so the
 * answer is written to the socket, which is then closed, as Node and Fastify do by default.
 */
export function clientErrorHandler(error: ClientError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = clientErrorStatus(error.code);
  if (socket.writable) {
    const { path, accept } = sniffRequest(error.rawPacket);
    const answer = answerOf(status, path, accept);
    const body = Buffer.from(answer.body, 'utf8');
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: ${answer.type}\r\n` +
        `Content-Length: ${body.length}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
  }
  socket.destroy(error);
}
