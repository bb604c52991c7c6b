import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeHost } from '../tenancy/host.ts';
import { renderDevBankIndex } from '../web/dev-bank-index.ts';
import { UNKNOWN_HOST_PAGE } from '../web/not-found-page.ts';

/** Distinct Host header values remembered; past this the memory starts again (random hosts cannot grow it). */
const MAX_REMEMBERED_HOSTS = 10_000;

/** Hosts that list the banks' development hosts outside production. */
const DEV_INDEX_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Works out the bank of every request from its Host header — the one place that reads hosts.
 * `request.host` honours X-Forwarded-Host only when TRUST_PROXY names the proxy (Fastify's
 * trustProxy), so a client cannot pick another bank by sending that header.
 * An unknown host ends here with a 404 page that names no bank.
 */
export const tenancyPlugin = fp(
  async function tenancy(app: FastifyInstance, options: { unknownHostHeaders: Record<string, string> }) {
    app.decorateRequest('tenant', null as never);
    // normalizeHost is pure and a deployment sees few distinct Host values: remember its answers.
    const normalizedHosts = new Map<string, string | undefined>();
    const hostnameOf = (host: string) => {
      if (normalizedHosts.has(host)) return normalizedHosts.get(host);
      if (normalizedHosts.size >= MAX_REMEMBERED_HOSTS) normalizedHosts.clear();
      const hostname = normalizeHost(host);
      normalizedHosts.set(host, hostname);
      return hostname;
    };
    // Callback style: a hook that never waits costs no promise and no microtask on every request. A
    // request it answers itself (an unknown host) goes no further: done is not called.
    app.addHook('onRequest', (request, reply, done) => {
      const hostname = hostnameOf(request.host);
      const tenant = hostname === undefined ? undefined : app.tenants.findByHost(hostname);
      if (
        tenant === undefined &&
        hostname !== undefined &&
        app.config.devHosts &&
        DEV_INDEX_HOSTS.has(hostname)
      ) {
        const port = /:(\d+)$/.exec(request.host)?.[1] ?? '';
        reply
          .headers(options.unknownHostHeaders)
          .type('text/html; charset=utf-8')
          .send(renderDevBankIndex(app.tenants.list(), port));
        return;
      }
      if (tenant === undefined) {
        request.log.info({ host: request.host }, 'unknown host');
        reply
          .code(404)
          .headers(options.unknownHostHeaders)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(UNKNOWN_HOST_PAGE);
        return;
      }
      request.tenant = tenant;
      // Both loggers: the access line is written through the reply's. A request logger's child is
      // its bindings and the bank (server/request-logger.ts), not a pino child.
      request.log = request.log.child({ bank: tenant.code });
      reply.log = request.log;
      done();
    });
  },
  { name: 'tenancy' },
);
