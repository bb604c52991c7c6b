import fs from 'node:fs';
import path from 'node:path';
import { tenantSchema, type TenantConfig } from '#server/tenancy/tenant-file-schema.ts';
import { ROOT_DIR } from './app.ts';

/** The committed banks, read straight from tenants/ so tests compare against what operators wrote. */
export function committedTenants(): TenantConfig[] {
  const dir = path.join(ROOT_DIR, 'tenants');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{4}$/.test(entry.name))
    .map((entry) =>
      tenantSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, entry.name, 'tenant.json'), 'utf8'))),
    )
    .sort((a, b) => a.code.localeCompare(b.code));
}

export function committedTenant(code: string): TenantConfig {
  const tenant = committedTenants().find((candidate) => candidate.code === code);
  if (!tenant) throw new Error(`no committed tenant ${code}`);
  return tenant;
}
