import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderTenantJsonSchema } from '../server/tenancy/tenant-json-schema.ts';

// npm run tenant:schema — regenerates tenants/tenant.schema.json from the zod tenant schema.
// Run it after changing server/tenancy/tenant-file-schema.ts and commit the result (a unit test compares them).
const target = fileURLToPath(new URL('../tenants/tenant.schema.json', import.meta.url));
await writeFile(target, renderTenantJsonSchema());
console.log(`${target} を書き出しました`);
