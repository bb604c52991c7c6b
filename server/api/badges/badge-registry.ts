import type { FastifyRequest } from 'fastify';
import type { RequestAuth } from '#server/auth/request-auth.ts';
import type { BadgeCounter } from '#server/contracts/badge-counters.ts';
import type { DbTransaction } from '#server/db/database.ts';

/**
 * The badge counters (GET /api/v1/badges answers them all in one request). Each domain registers
 * the counts it owns — who sees the count and how it is counted — and the badge route runs every
 * counter the user may see inside one bank transaction (row-level security applies). A domain that
 * has not landed registers nothing, and its count is absent (the client reads 0).
 */
export interface BadgeCounterDefinition {
  counter: BadgeCounter;
  /**
   * Whether this user's layout shows the count. It may read the logged-in user (a permission): it
   * runs before the bank transaction opens, so such a read never waits on that transaction.
   */
  appliesTo(auth: RequestAuth, request: FastifyRequest): boolean | Promise<boolean>;
  count(tx: DbTransaction, auth: RequestAuth, request: FastifyRequest): Promise<number>;
}

export function createBadgeRegistry(definitions: readonly BadgeCounterDefinition[] = []) {
  const counters = new Map<BadgeCounter, BadgeCounterDefinition>();
  const registry = {
    register(definition: BadgeCounterDefinition) {
      if (counters.has(definition.counter))
        throw new Error(`badge counter ${definition.counter} registered twice`);
      counters.set(definition.counter, definition);
      return registry;
    },
    /** The counters the user sees. */
    async applicable(auth: RequestAuth, request: FastifyRequest): Promise<BadgeCounterDefinition[]> {
      const definitions = [...counters.values()];
      const applies = await Promise.all(definitions.map((definition) => definition.appliesTo(auth, request)));
      return definitions.filter((_, index) => applies[index]);
    },
  };
  for (const definition of definitions) registry.register(definition);
  return registry;
}

export type BadgeRegistry = ReturnType<typeof createBadgeRegistry>;
