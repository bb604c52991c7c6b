import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tenant, TenantRegistry } from '../tenancy/tenant.ts';
import { TENANT_IMAGE_TYPES } from '../tenancy/tenant-file-schema.ts';

export interface BankAssetRoutesOptions {
  tenants: TenantRegistry;
}

// An SVG opened on its own runs its scripts on the provider's origin, where the login cookies live:
// the files are shown as images only.
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** URL of a bank's logo or favicon on the provider; the revision makes it safe to cache for ever. */
export function bankAssetPath(tenant: Tenant, file: string): string {
  return `/brand/bank${tenant.code}/${encodeURIComponent(file)}?v=${tenant.revision}`;
}

/**
 * The banks' logos and favicons for the login page, served by the provider itself (its pages load
 * nothing from another origin). Like the gateway's /tenant-assets/, only the files the tenant file
 * names are served, never another path into the bank's folder.
 */
export const bankAssetRoutes: FastifyPluginAsyncZod<BankAssetRoutesOptions> = async (app, { tenants }) => {
  app.get(
    '/brand/bank:code/:file',
    {
      schema: {
        params: z.object({ code: z.string().regex(/^\d{4}$/), file: z.string().max(100) }),
        querystring: z.object({ v: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { code, file } = request.params;
      const tenant = tenants.get(code);
      if (!tenant || (file !== tenant.config.logo && file !== tenant.config.favicon)) {
        return reply.callNotFound();
      }
      const content = await fs
        .readFile(path.join(tenant.assetsDir, file))
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
      if (content === undefined) return reply.callNotFound();
      const current = request.query.v === tenant.revision;
      return reply
        .type(TENANT_IMAGE_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', IMAGE_CSP)
        .send(content);
    },
  );
};
