import { createHash } from 'node:crypto';
import type { DbTransaction } from '../database.ts';

/** The demo accounts every bank has (server/db/demo-banks.ts), by their login's first part. */
export type DemoLogin =
  'owner' | 'user' | 'employee' | 'partner' | 'sysadmin' | 'bankadmin' | 'branchadmin' | 'branchuser';

/** What a domain's demo data may build on: the bank, its demo accounts, the time of the run. */
export interface SeedContext {
  tx: DbTransaction;
  bankCode: string;
  /** The bank's name as its tenant file gives it (the seed stores no bank names of its own). */
  bankName: string;
  userIdOf(login: DemoLogin): number;
  now: Date;
}

/**
 * A domain's demo data for one bank, written in the bank's transaction. Must be idempotent: a
 * second run leaves the same rows.
 */
export type DomainSeed = (context: SeedContext) => Promise<void>;

/** Unique codes that stay the same on every run, and differ between banks. */
export function demoUniqueCode(bankCode: string, kind: string, key: string): string {
  return createHash('sha256').update(`demo:${bankCode}:${kind}:${key}`).digest('hex').slice(0, 24);
}
