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
export interface BadgeDefinition<Subject> {
  counter: BadgeCounter;
  /**
   * What this user's count is counted for (their company, the reader they are), or null where
   * their layout shows no such count. It may read the logged-in user (a permission): it runs
   * before the bank transaction opens, so such a read never waits on that transaction.
   */
  subjectOf(auth: RequestAuth, request: FastifyRequest): Subject | null | Promise<Subject | null>;
  /** The count for that subject, in the badge request's bank transaction. */
  count(tx: DbTransaction, subject: Subject): Promise<number>;
}

/** A badge of any subject, as the registry holds it. */
export interface BadgeCounterDefinition {
  counter: BadgeCounter;
  /** The count to run for this request, with its subject bound; null where the user sees no such count. */
  applies(
    auth: RequestAuth,
    request: FastifyRequest,
  ): Promise<((tx: DbTransaction) => Promise<number>) | null>;
}

/**
 * Declares a badge: what `subjectOf` finds is what `count` receives (typed, for that request only),
 * so nothing is kept on the side between the two steps.
 */
export function defineBadge<Subject>(badge: BadgeDefinition<Subject>): BadgeCounterDefinition {
  return {
    counter: badge.counter,
    async applies(auth, request) {
      const subject = await badge.subjectOf(auth, request);
      return subject === null ? null : (tx) => badge.count(tx, subject);
    },
  };
}

/** A counter to run: its name and its count, bound to the request's subject. */
export interface ApplicableBadge {
  counter: BadgeCounter;
  count: (tx: DbTransaction) => Promise<number>;
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
    /** The counters the user sees, each bound to what it counts for. */
    async applicable(auth: RequestAuth, request: FastifyRequest): Promise<ApplicableBadge[]> {
      const definitions = [...counters.values()];
      const counts = await Promise.all(definitions.map((definition) => definition.applies(auth, request)));
      return definitions.flatMap((definition, index) => {
        const count = counts[index];
        return count ? [{ counter: definition.counter, count }] : [];
      });
    },
  };
  for (const definition of definitions) registry.register(definition);
  return registry;
}

export type BadgeRegistry = ReturnType<typeof createBadgeRegistry>;
