import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatProblem, WHOLE_FILE } from '../server/tenancy/config-problem.ts';
import { loadTenantDirectory } from '../server/tenancy/tenant-directory.ts';

// npm run tenant:check [-- --dir <tenantsDir>] [--themes-dir <themesDir>]
// Checks every bank and theme as the gateway would load them. Prints `file: field: reason` for each
// problem and exits 1, or prints how many banks are valid and exits 0.
const { values } = parseArgs({
  options: { dir: { type: 'string' }, 'themes-dir': { type: 'string' } },
});
const tenantsDir = path.resolve(values.dir ?? fileURLToPath(new URL('../tenants', import.meta.url)));
const themesDir = path.resolve(values['themes-dir'] ?? fileURLToPath(new URL('../themes', import.meta.url)));

if (!existsSync(tenantsDir)) {
  console.log(`${tenantsDir}: ${WHOLE_FILE}: フォルダがありません`);
  process.exit(1);
}
const { tenants, problems } = await loadTenantDirectory({ tenantsDir, themesDir });
if (problems.length > 0) {
  for (const problem of problems) console.log(formatProblem(problem, process.cwd()));
  console.log(`\n${problems.length} 件の問題があります（読み込める銀行: ${tenants.length} 行）`);
  process.exitCode = 1;
} else {
  console.log(`${tenants.length} 行の設定はすべて正しいです（${tenantsDir}）`);
}
