import type { Database } from './db/database.ts';
import { type DemoBank, seedBanks } from './db/demo-banks.ts';
import { SERVER_DOMAINS } from './domains.ts';

export type { DemoBank };

/**
 * The demo data of every bank: the accounts (server/db/demo-banks.ts), then each domain's seed in the
 * manifest's order (server/domains.ts). `npm run seed`, `npm start` outside production, and tests.
 */
export function seedDemoData(db: Database, banks: readonly DemoBank[]): Promise<void> {
  return seedBanks(
    db,
    banks,
    SERVER_DOMAINS.flatMap((domain) => (domain.seed ? [domain.seed] : [])),
  );
}
