import { count, desc, eq, and } from 'drizzle-orm';
import type { FeatureRequest } from '#server/contracts/feature-request.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { featureRequests } from '#server/db/schema/feature-requests.ts';
import { userTypes } from '#server/db/schema/master-lists.ts';
import { users } from '#server/db/schema/users.ts';

/** Stores a feature request from `userId`; answers its id. */
export async function insertFeatureRequest(tx: DbTransaction, body: string, userId: number): Promise<number> {
  const [stored] = await tx
    .insert(featureRequests)
    .values({ feature_request_body: body, feature_request_sent_by: userId })
    .returning({ id: featureRequests.feature_request_id });
  if (!stored) throw new Error('INSERT ... RETURNING answered no row for the feature request');
  return stored.id;
}

/** A page of the bank's feature requests, newest first, with who sent each; and how many there are. */
export async function searchFeatureRequests(
  tx: DbTransaction,
  { page, rows }: { page: number; rows: number },
): Promise<{ list: FeatureRequest[]; total: number }> {
  const [list, [counted]] = await Promise.all([
    tx
      .select({
        feature_request_id: featureRequests.feature_request_id,
        body: featureRequests.feature_request_body,
        sentAt: featureRequests.feature_request_sent_at,
        lastName: users.user_last_name,
        firstName: users.user_first_name,
        userTypeName: userTypes.name,
      })
      .from(featureRequests)
      .innerJoin(
        users,
        and(
          eq(users.bank_code, featureRequests.bank_code),
          eq(users.user_id, featureRequests.feature_request_sent_by),
        ),
      )
      .innerJoin(userTypes, eq(userTypes.code, users.user_type))
      .orderBy(desc(featureRequests.feature_request_sent_at), desc(featureRequests.feature_request_id))
      .limit(rows)
      .offset((page - 1) * rows),
    tx.select({ total: count() }).from(featureRequests),
  ]);
  return {
    total: counted?.total ?? 0,
    list: list.map((row) => ({
      feature_request_id: row.feature_request_id,
      body: row.body,
      sent_at: row.sentAt.toISOString(),
      sender_name: `${row.lastName} ${row.firstName}`,
      sender_user_type_name: row.userTypeName,
    })),
  };
}
