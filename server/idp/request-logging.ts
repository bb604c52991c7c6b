import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The path a request came in on, without its query (middie rewrites `url` for the provider it calls). */
function pathOf(request: FastifyRequest): string {
  return ((request.raw as { originalUrl?: string }).originalUrl ?? request.url).split('?')[0] ?? '';
}

/**
 * Fastify's request log lines without query strings: use_idtoken and end_session carry tokens in
 * theirs. Each line names the bank: a route's `code` parameter, or the bank whose provider answered
 * (those requests reach no route, see `tagProviderRequest`).
 */
export class IdpLogController extends LogController {
  private readonly providerRequestBank = new WeakMap<IncomingMessage, string>();

  /** Remembers which bank's provider answers a raw request. */
  tagProviderRequest(req: IncomingMessage, bankCode: string): void {
    this.providerRequestBank.set(req, bankCode);
  }

  private describe(request: FastifyRequest, reply: FastifyReply) {
    return {
      bank:
        this.providerRequestBank.get(request.raw) ?? (request.params as { code?: string } | undefined)?.code,
      method: request.method,
      path: pathOf(request),
      statusCode: reply.statusCode,
    };
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const details = { ...this.describe(request, reply), responseTimeMs: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...details, err: error }, 'request errored');
    else reply.log.info(details, 'request completed');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    reply.log[level]({ ...this.describe(request, reply), err: error }, error.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ method: request.method, path: pathOf(request) }, 'route not found');
  }
}
