import type { FastifyRequest } from 'fastify';
import type { RequestAuth } from '../../auth/request-auth.ts';
import type { BadgeCounter } from '../../contracts/badges.ts';
import type { DbTransaction } from '../../db/database.ts';

/**
 * The badge counters (GET /api/v1/badges answers them all in one request). Each domain registers
 * the counts it owns — who sees the count and how it is counted — and the badge route runs every
 * counter the user may see inside one bank transaction (row-level security applies). A domain that
 * has not landed registers nothing, and its count is absent (the client reads 0).
 */
export interface BadgeCounterDefinition {
  counter: BadgeCounter;
  /** Whether this user's layout shows the count. */
  appliesTo(auth: RequestAuth, request: FastifyRequest): boolean;
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
    applicable(auth: RequestAuth, request: FastifyRequest): BadgeCounterDefinition[] {
      return [...counters.values()].filter((definition) => definition.appliesTo(auth, request));
    },
  };
  for (const definition of definitions) registry.register(definition);
  return registry;
}

export type BadgeRegistry = ReturnType<typeof createBadgeRegistry>;
