import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { storedTokenHash } from '#server/auth/random-tokens.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  idempotencyKeySchema,
} from '#server/contracts/idempotency.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { idempotentCommands } from '#server/db/schema.ts';
import { badRequest, unprocessable } from '#server/errors.ts';

/**
 * The gateway's half of idempotent commands (server/contracts/idempotency.ts): a call served with
 * `idempotent: true` claims the request's key in its own transaction before its work, and stores its
 * result there when the work is done. A second send of the key waits on the first one's row (the
 * INSERT's unique-key check) until that transaction ends: committed, the retry answers its stored
 * result without doing anything; rolled back (a refusal, a failure), the retry does the work itself.
 * So the work is done once, whichever send the client is still waiting for.
 */

/** How long a key is answered again: long past any retry, short enough that the table stays small. */
const KEY_LIFETIME = sql`interval '1 day'`;

/** The body's fingerprint: the same key sent with another body is not a retry. */
const bodyHashOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/** The request's key, if it sent one; a header that is no key is a 400 (never silently ignored). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey, {
      [IDEMPOTENCY_KEY_HEADER]: [IDEMPOTENCY_MESSAGES.invalidKey],
    });
  }
  return parsed.data;
}

export type IdempotencyClaim =
  { kind: 'replay'; result: unknown } | { kind: 'claimed'; complete: (result: unknown) => Promise<void> };

/**
 * Claims `key` for this user's send of `call` with `body`, or answers the result of the send that
 * claimed it first. The same key with another body is refused (422): it is not a retry.
 */
export async function claimIdempotentCommand(
  tx: DbTransaction,
  claim: { userId: number; call: string; key: string; body: unknown },
): Promise<IdempotencyClaim> {
  const where = and(
    eq(idempotentCommands.ic_user_id, claim.userId),
    eq(idempotentCommands.ic_call, claim.call),
    eq(idempotentCommands.ic_key_hash, storedTokenHash(claim.key)),
  );
  const bodyHash = bodyHashOf(claim.body);
  // The user's keys past their lifetime go first, so an old key is claimed afresh.
  await tx
    .delete(idempotentCommands)
    .where(
      and(
        eq(idempotentCommands.ic_user_id, claim.userId),
        lt(idempotentCommands.ic_created_at, sql`now() - ${KEY_LIFETIME}`),
      ),
    );
  const claimed = await tx
    .insert(idempotentCommands)
    .values({
      ic_user_id: claim.userId,
      ic_call: claim.call,
      ic_key_hash: storedTokenHash(claim.key),
      ic_body_hash: bodyHash,
    })
    .onConflictDoNothing()
    .returning({ user: idempotentCommands.ic_user_id });
  if (claimed.length > 0) {
    return {
      kind: 'claimed',
      complete: async (result) => {
        await tx
          .update(idempotentCommands)
          .set({ ic_result: result ?? null })
          .where(where);
      },
    };
  }
  const [first] = await tx
    .select({ body: idempotentCommands.ic_body_hash, result: idempotentCommands.ic_result })
    .from(idempotentCommands)
    .where(where);
  if (!first || first.body !== bodyHash) throw unprocessable(IDEMPOTENCY_MESSAGES.keyReused);
  return { kind: 'replay', result: first.result };
}
