import { and, eq, isNotNull } from 'drizzle-orm';
import {
  type UserProfile,
  type UserProfileFields,
  userProfilePictureUrl,
} from '#server/contracts/user-profile.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { users } from '#server/db/schema.ts';
import type { Viewer } from '#server/plugins/request-context.ts';
import { pendingEmailOf } from './email-change-queries.ts';

/**
 * The logged-in user's own profile and their picture's reference: one function per question, each
 * inside the call's transaction of the host's bank (row-level security keeps the bank; the user is
 * always the logged-in one, given by the route).
 */

const profileColumns = {
  user_unique_code: users.user_unique_code,
  user_login_id: users.user_login_id,
  user_last_name: users.user_last_name,
  user_first_name: users.user_first_name,
  user_last_name_kana: users.user_last_name_kana,
  user_first_name_kana: users.user_first_name_kana,
  user_email: users.user_email,
  user_alternate_email: users.user_alternate_email,
  user_tel: users.user_tel,
  user_profile_picture_file_unique_code: users.user_profile_picture_file_unique_code,
};

type ProfileRow = { [K in keyof typeof profileColumns]: (typeof profileColumns)[K]['_']['data'] | null };

function profileOf(
  { user_profile_picture_file_unique_code: picture, ...row }: ProfileRow,
  pendingEmail: string | null,
): UserProfile {
  return {
    ...row,
    user_pending_email: pendingEmail,
    user_unique_code: row.user_unique_code ?? '',
    user_login_id: row.user_login_id ?? '',
    user_last_name: row.user_last_name ?? '',
    user_first_name: row.user_first_name ?? '',
    user_last_name_kana: row.user_last_name_kana ?? '',
    user_first_name_kana: row.user_first_name_kana ?? '',
    user_email: row.user_email ?? '',
    user_profile_picture: picture
      ? { file_unique_code: picture, file_url: userProfilePictureUrl(picture) }
      : null,
  };
}

/** The user's profile, or undefined when the user is not there. */
export async function findUserProfileSetting(
  tx: DbTransaction,
  userId: number,
): Promise<UserProfile | undefined> {
  const [row] = await tx.select(profileColumns).from(users).where(eq(users.user_id, userId));
  return row && profileOf(row, await pendingEmailOf(tx, userId));
}

/** Empty text (or none) as the column's null. */
function textOrNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value.trim();
}

/**
 * The name and contact columns as a save writes them, the user's own (here) or an owner's for a
 * colleague (account-setting-queries.ts): trimmed, an empty optional address or number as null.
 */
export function profileColumnsOf(fields: UserProfileFields & { user_email: string }) {
  return {
    user_last_name: fields.user_last_name.trim(),
    user_first_name: fields.user_first_name.trim(),
    user_last_name_kana: fields.user_last_name_kana.trim(),
    user_first_name_kana: fields.user_first_name_kana.trim(),
    user_email: fields.user_email.trim(),
    user_alternate_email: textOrNull(fields.user_alternate_email),
    user_tel: textOrNull(fields.user_tel),
  };
}

/**
 * Saves the profile's fields but the e-mail address, which changes only through its confirmation
 * link (email-change-queries.ts): `fields.user_email` is written only when it names the mailbox the
 * user has (its capitals may differ). Answers the profile as saved, or undefined when the user is
 * not there.
 */
export async function updateUserProfileSetting(
  tx: DbTransaction,
  userId: number,
  fields: UserProfileFields & { user_email: string },
): Promise<UserProfile | undefined> {
  const [row] = await tx
    .update(users)
    .set(profileColumnsOf(fields))
    .where(eq(users.user_id, userId))
    .returning(profileColumns);
  return row && profileOf(row, await pendingEmailOf(tx, userId));
}

/**
 * Names `fileUniqueCode` as the user's picture (null: none). Answers the code it named before (null
 * when there was none), or undefined when the user is not there. The row is locked first, so of two
 * uploads at once each sees the other's picture as the one it replaces.
 */
export async function replaceUserProfilePicture(
  tx: DbTransaction,
  userId: number,
  fileUniqueCode: string | null,
): Promise<{ previous: string | null } | undefined> {
  const [current] = await tx
    .select({ picture: users.user_profile_picture_file_unique_code })
    .from(users)
    .where(eq(users.user_id, userId))
    .for('update');
  if (!current) return undefined;
  if (current.picture !== fileUniqueCode)
    await tx
      .update(users)
      .set({ user_profile_picture_file_unique_code: fileUniqueCode })
      .where(eq(users.user_id, userId));
  return { previous: current.picture };
}

/**
 * Whether `viewer` may see the profile picture `fileUniqueCode`: any logged-in user of the bank
 * (row-level security keeps the bank) when a user of it has that picture.
 */
export async function userProfilePictureVisible(
  tx: DbTransaction,
  fileUniqueCode: string,
  viewer: Viewer,
): Promise<boolean> {
  if (viewer.kind === 'visitor') return false;
  const [row] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(
      and(
        isNotNull(users.user_profile_picture_file_unique_code),
        eq(users.user_profile_picture_file_unique_code, fileUniqueCode),
      ),
    )
    .limit(1);
  return row !== undefined;
}
