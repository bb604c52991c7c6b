import { sql } from 'drizzle-orm';
import type { DbTransaction } from '#server/db/database.ts';
import type { Tenant, TenantRegistry } from '#server/tenancy/tenant.ts';

/**
 * The matching network (decision 0092): the banks of this deployment whose tenant file sets
 * nationwide_matching. A need published nationwide by a company of one of them reaches the
 * companies of all of them, through network_needs only, and only in a transaction that named the
 * network (joinMatchingNetwork): every other query of the portal sees its own bank's rows alone.
 */

/** The codes of the banks that take part, in code order. */
export function matchingNetworkOf(tenants: TenantRegistry): string[] {
  return tenants
    .list()
    .filter((tenant) => tenant.config.nationwide_matching)
    .map((tenant) => tenant.code)
    .sort();
}

/**
 * Opens the transaction to the network's nationwide needs, if the bank takes part: sets
 * app.matching_network (transaction-local) to the network's banks, which network_needs' policy
 * network_read reads. A bank outside the network sets nothing and sees its own needs only.
 * Answers the network's banks, or none.
 */
export async function joinMatchingNetwork(
  tx: DbTransaction,
  tenant: Tenant,
  tenants: TenantRegistry,
): Promise<readonly string[]> {
  if (!tenant.config.nationwide_matching) return [];
  const network = matchingNetworkOf(tenants);
  await tx.execute(sql`select set_config('app.matching_network', ${network.join(',')}, true)`);
  return network;
}

/** A bank's name as its tenant file gives it ('' for a bank no longer deployed). */
export function bankNameOf(tenants: TenantRegistry, bankCode: string): string {
  return tenants.get(bankCode)?.config.bank_name ?? '';
}
