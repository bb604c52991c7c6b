import type { DbTransaction } from '../database.ts';

/** The demo accounts every bank has (server/db/seed.ts), by their login's first part. */
export type DemoLogin =
  'owner' | 'user' | 'employee' | 'partner' | 'sysadmin' | 'bankadmin' | 'branchadmin' | 'branchuser';

/** What a domain's demo data may build on: the bank, its demo accounts, the time of the run. */
export interface SeedContext {
  tx: DbTransaction;
  bankCode: string;
  userIdOf(login: DemoLogin): number;
  now: Date;
}

/**
 * A domain's demo data for one bank, written in the bank's transaction. Must be idempotent: a
 * second run leaves the same rows.
 */
export type DomainSeed = (context: SeedContext) => Promise<void>;
