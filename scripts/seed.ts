import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadServerConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { DEMO_PASSWORD } from '../server/db/seed.ts';
import { seedDemoData } from '../server/demo-data.ts';
import { createTenantRegistry } from '../server/tenancy/registry.ts';

// npm run seed
// Writes the deterministic demo data (branches, companies, one account of each type) for every bank
// of tenants/, into the database the server uses (DATABASE_URL, else PGlite under DATA_DIR).
// Safe to run again: the rows stay the same. Refuses to run in production.
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = loadServerConfig(process.env, rootDir);
if (config.env === 'production') {
  console.error('本番環境（NODE_ENV=production）ではデモデータを投入できません。処理を中止しました。');
  process.exit(1);
}

const logger = {
  info() {},
  warn: (details: object, message: string) => console.warn(message, details),
  error: (details: object, message: string) => console.error(message, details),
};
const tenants = await createTenantRegistry({
  tenantsDir: config.tenantsDir,
  themesDir: config.themesDir,
  devHosts: config.devHosts,
  watch: false,
  logger,
});
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeouts: config.databaseTimeouts,
  logger,
});
try {
  const banks = tenants.list().map((tenant) => ({ code: tenant.code, bank_name: tenant.config.bank_name }));
  await seedDemoData(db, banks);
  console.log(
    `${banks.length} 行にデモデータを投入しました（${db.kind === 'postgres' ? 'PostgreSQL' : `PGlite: ${config.dataDir}`}）`,
  );
  console.log(`ログインID: owner-{金融機関コード} など8種類 / パスワード: ${DEMO_PASSWORD}`);
} finally {
  await db.close();
  await tenants.close();
}
