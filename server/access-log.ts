import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The gateway's request logging: one access line per request, written when the answer has gone —
 * method, route pattern (never the path as sent: it may hold ids, and the query holds search words
 * and tokens), status, duration in ms, and, through the request's logger, the request id and the
 * bank. No header, no body, no address. Fastify's own two lines per request ("incoming request",
 * "request completed", with the full URL) are not written.
 *
 * Successful static and asset requests (the built client, the bank's logo and favicon, robots.txt,
 * and the bank's index.html that every page navigation gets: one document held in memory, whose line
 * says `GET /* 200` whatever the page) are most of a page load and say little: only a share of them
 * is logged (`staticSampleRate`). Their failures, and every API call, are always logged.
 * Probes (`/healthz`, `/readyz`) log no access line: their routes log at 'warn' and above.
 */
export interface AccessLogOptions {
  /** The line's level; 'silent' writes none. Lines below the logger's level are not written either. */
  level: 'info' | 'debug' | 'trace' | 'silent';
  /** 0 to 1: the share of successful static and asset requests logged. */
  staticSampleRate: number;
  /** Math.random by default; tests pass their own. */
  random?: () => number;
}

/** Route patterns of static files and assets, and the page routes' '/' and '/*' (server/web/routes.ts). */
const STATIC_ROUTE = /^\/(?:\*?$|assets\/|tenant-assets\/|robots\.txt$)/;

/** What the access line says of a request. */
export function accessLineOf(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    // The pattern the request matched ('/api/v1/news/:id'); null for a path no route answers.
    route: request.routeOptions.url ?? null,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}

export class AccessLogController extends LogController {
  private readonly options: AccessLogOptions;
  private readonly random: () => number;

  constructor(options: AccessLogOptions) {
    super();
    this.options = options;
    this.random = options.random ?? Math.random;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = accessLineOf(request, reply);
    if (error) {
      // The answer broke off (a stream's failure): always written, with the cause.
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    if (this.options.level === 'silent') return;
    const sampledOut =
      line.status < 400 &&
      line.route !== null &&
      STATIC_ROUTE.test(line.route) &&
      this.random() >= this.options.staticSampleRate;
    if (sampledOut) return;
    reply.log[this.options.level](line, 'request');
  }

  override routeNotFound(): void {
    // The access line says it: route null, status 404.
  }
}
