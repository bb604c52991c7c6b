import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadServerConfig } from '../server/config.ts';
import { DEMO_PASSWORD } from '../server/db/demo-banks.ts';
import { seedDemoData } from '../server/demo-data.ts';
import { createLogger } from '../server/logging.ts';
import { openTenantsAndDatabase } from '../server/startup.ts';

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

// Only the registry's and the database's warnings and errors, on stderr: stdout has this script's two lines.
const logger = createLogger({ level: 'warn' }, process.stderr);
const { tenants, db, close } = await openTenantsAndDatabase({ config, logger, watchTenants: false });
try {
  const banks = tenants.list().map((tenant) => ({ code: tenant.code, bank_name: tenant.config.bank_name }));
  await seedDemoData(db, banks);
  console.log(
    `${banks.length} 行にデモデータを投入しました（${db.kind === 'postgres' ? 'PostgreSQL' : `PGlite: ${config.dataDir}`}）`,
  );
  console.log(`ログインID: owner-{金融機関コード} など8種類 / パスワード: ${DEMO_PASSWORD}`);
} finally {
  await close();
}
