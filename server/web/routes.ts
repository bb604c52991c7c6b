import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPagePath } from '../contracts/page-table.ts';
import type { Tenant } from '../tenancy/tenant.ts';
import { renderBrandedIndex } from './branded-index.ts';
import type { ClientAssets } from './client-assets.ts';
import { MISSING_FILE_PAGE } from './not-found-page.ts';
import { computeSecurityHeaders, securityHeaderOptions } from './security-headers.ts';
import { type DeploymentInfo, isNoindex, toPublicAppConfig } from './public-app-config.ts';
import { TENANT_IMAGE_TYPES } from '../tenancy/tenant-file-schema.ts';

export interface WebRoutesOptions {
  clientDistDir: string;
  /** The built client's entry; a function so development can pick up a rebuilt client. */
  clientAssets: () => ClientAssets;
  deployment: DeploymentInfo;
}

/**
 * A page navigation is a GET or HEAD for HTML whose last path segment names no file
 * (the rule of connect-history-api-fallback). Everything else that matched no route is a 404,
 * so a missing script or image never receives index.html.
 */
function isPageNavigation(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  const wantsHtml = accept === undefined || accept.includes('text/html') || accept.includes('*/*');
  if (!wantsHtml) return false;
  const { url } = request;
  const queryAt = url.indexOf('?');
  const pathEnd = queryAt === -1 ? url.length : queryAt;
  // The last segment: after the path's last '/', before the query.
  return url.lastIndexOf('.', pathEnd - 1) <= url.lastIndexOf('/', pathEnd - 1);
}

/** Distinct paths remembered by the page check; past this the memory starts again. */
const MAX_REMEMBERED_PATHS = 10_000;

/**
 * isPagePath, remembered per path: the page table is a few hundred patterns, and most navigations
 * ask for the same few paths.
 */
function createPagePathCheck(): (pathname: string) => boolean {
  const answers = new Map<string, boolean>();
  return (pathname) => {
    let answer = answers.get(pathname);
    if (answer === undefined) {
      if (answers.size >= MAX_REMEMBERED_PATHS) answers.clear();
      answer = isPagePath(pathname);
      answers.set(pathname, answer);
    }
    return answer;
  };
}

const sendMissingFile = (reply: FastifyReply) =>
  reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(MISSING_FILE_PAGE);

/** A bank's page as it leaves the gateway: encoded once, with its headers computed once. */
interface ServedPage {
  readonly revision: string;
  readonly assets: ClientAssets;
  readonly etag: string;
  readonly body: Buffer;
  readonly headers: Record<string, string>;
  /** The same page answering a path no page matches (404): no ETag, so it is never a 304. */
  readonly notFoundHeaders: Record<string, string>;
}

/** The branded index.html of each bank, held in memory and rebuilt when the bank's revision changes. */
function createBrandedPageCache(options: WebRoutesOptions) {
  const pages = new Map<string, ServedPage>();
  const baseSecurity = securityHeaderOptions(options.deployment.env);
  return {
    get(tenant: Tenant): ServedPage {
      const assets = options.clientAssets();
      const cached = pages.get(tenant.code);
      if (cached && cached.revision === tenant.revision && cached.assets === assets) return cached;
      const page = renderBrandedIndex(
        tenant,
        toPublicAppConfig(tenant, options.deployment),
        assets,
        options.deployment,
      );
      const headers = {
        ...computeSecurityHeaders({
          ...baseSecurity,
          contentSecurityPolicy: { directives: page.cspDirectives },
        }),
        'content-type': 'text/html; charset=utf-8',
        vary: 'Host',
      };
      const served: ServedPage = {
        revision: tenant.revision,
        assets,
        etag: page.etag,
        body: Buffer.from(page.html, 'utf8'),
        headers: { ...headers, 'cache-control': 'no-cache', etag: page.etag },
        notFoundHeaders: { ...headers, 'cache-control': 'no-store' },
      };
      pages.set(tenant.code, served);
      return served;
    },
    forget(code: string) {
      pages.delete(code);
    },
  };
}

/**
 * Built client assets (immutable), the bank's logo and favicon, and robots.txt. Registered inside
 * the tenant scope, so `request.tenant` is set.
 */
export async function assetRoutes(app: FastifyInstance, options: Pick<WebRoutesOptions, 'clientDistDir'>) {
  // Its own prefix, so a missing asset gets its own 404 handler (never index.html).
  await app.register(
    async (assets) => {
      await assets.register(fastifyStatic, {
        root: path.join(options.clientDistDir, 'assets'),
        prefix: '/',
        wildcard: true,
        immutable: true,
        maxAge: '365d',
        index: false,
        decorateReply: false,
      });
      assets.setNotFoundHandler((_request, reply) => sendMissingFile(reply));
    },
    { prefix: '/assets' },
  );

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/tenant-assets/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().max(100) }),
        querystring: z.object({ v: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      const { file } = request.params;
      // Only the files the tenant names are served: never a path into the folder.
      if (file !== tenant.config.logo && file !== tenant.config.favicon) return sendMissingFile(reply);
      const content = await fs
        .readFile(path.join(tenant.assetsDir, file))
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
      if (content === undefined) return sendMissingFile(reply);
      const current = request.query.v === tenant.revision;
      return (
        reply
          .type(TENANT_IMAGE_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
          .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
          .header('x-content-type-options', 'nosniff')
          // The logo is in the bank's mails: a webmail client shows it from its own origin.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(content)
      );
    },
  );

  typed.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const body = isNoindex(request.tenant)
      ? 'User-agent: *\nDisallow: /\n'
      : 'User-agent: *\nDisallow: /admin\nDisallow: /mypage\n';
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(body);
  });
}

/**
 * The branded index.html for every page navigation. Its security headers are computed once per bank
 * revision (helmet's output, with the bank's Content-Security-Policy), so this scope runs no helmet
 * per request. Registered inside the tenant scope.
 *
 * A path that no page of the page table (server/contracts/page-table.ts) answers gets the same page
 * with status 404: the browser's router draws the bank's 404 page (inside the area's layout under
 * /mypage or /admin), and crawlers and monitors see the 404. The gateway's own pages (/login,
 * /callback, /logout), the API and the assets have routes of their own and never come here.
 */
export async function pageRoutes(app: FastifyInstance, options: WebRoutesOptions) {
  const pages = createBrandedPageCache(options);
  const unsubscribe = app.tenants.onChange((change) => pages.forget(change.code));
  app.addHook('onClose', async () => unsubscribe());

  const isPage = createPagePathCheck();
  const servePage = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    if (!isPageNavigation(request)) return sendMissingFile(reply);
    const page = pages.get(request.tenant);
    // The router's decoded path: '' for '/', the wildcard's value for the rest.
    if (!isPage(`/${request.params['*'] ?? ''}`)) {
      return reply.code(404).headers(page.notFoundHeaders).send(page.body);
    }
    reply.headers(page.headers);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.send(page.body);
  };
  // GET routes answer HEAD too (Fastify's exposeHeadRoutes).
  app.get('/', { schema: { hide: true } }, servePage);
  app.get('/*', { schema: { hide: true } }, servePage);
}
