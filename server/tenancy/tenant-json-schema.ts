import { z } from 'zod';
import { tenantSchema } from './tenant-file-schema.ts';

/**
 * tenants/tenant.schema.json as text: the JSON Schema editors use to complete and check a tenant file
 * (`"$schema": "../tenant.schema.json"`). Generated from tenantSchema, so it never disagrees with the
 * server; `io: 'input'` describes the file as written (fields with defaults are optional).
 */
export function renderTenantJsonSchema(): string {
  return `${JSON.stringify(z.toJSONSchema(tenantSchema, { io: 'input' }), null, 2)}\n`;
}
