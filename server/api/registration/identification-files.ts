import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { storedTokenHash } from '#server/auth/random-tokens.ts';
import {
  IDENTIFICATION_MESSAGES,
  type IdentificationFile,
} from '#server/contracts/registration-identification.ts';
import { type RegistrationVariant, stepFields } from '#server/contracts/registration-variants.ts';
import { isEmptyValue } from '#server/contracts/validation.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { registrationDrafts, registrationFiles } from '#server/db/schema.ts';
import { unprocessable } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { deleteStoredFiles } from '../kit/uploaded-files.ts';
import { saveDraftValues } from './queries.ts';

/**
 * The identification documents (本人確認書類) of applications (table registration_files): a draft's
 * one upload, bound to the application when it is sent, read by the desk. Bytes are removed from
 * the file storage only after the transaction that removed their rows commits (deleteStoredFiles),
 * so a rolled-back change never loses a file a row still names.
 */

/** The draft field that names the file (registration-variants.ts's documents step). */
export const IDENTIFICATION_FIELD = 'identification_file_unique_code';

/** The storage key of a file: under its bank, apart from the news domain's files. */
export function identificationStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/registrations/${fileUniqueCode}`;
}

/** Whether the variant asks for the file, and whether it must be given. */
export function identificationAsked(variant: RegistrationVariant): { required: boolean } | undefined {
  return stepFields(variant, 'documents').find((field) => field.key === IDENTIFICATION_FIELD);
}

const answerColumns = {
  file_unique_code: registrationFiles.file_unique_code,
  file_name: registrationFiles.file_name,
  file_size: registrationFiles.file_size,
  file_content_type: registrationFiles.file_content_type,
};

export type NewIdentificationFile = Pick<
  typeof registrationFiles.$inferInsert,
  'file_unique_code' | 'file_name' | 'file_content_type' | 'file_size' | 'file_storage_key'
>;

/**
 * Makes `file` the draft's identification document, in the upload's transaction (the draft locked
 * by findDraft): the draft's previous file row goes, the new row is stored, and the draft's values
 * name it (so its documents step and the confirmation show it; the draft is kept another 24 hours).
 * Answers the file and the storage keys of the replaced files, for deleteStoredFiles after commit.
 */
export async function replaceDraftIdentification(
  tx: DbTransaction,
  draftId: string,
  file: NewIdentificationFile,
): Promise<{ file: IdentificationFile; replacedKeys: string[] }> {
  const draftHash = storedTokenHash(draftId);
  const replaced = await tx
    .delete(registrationFiles)
    .where(eq(registrationFiles.draft_token_hash, draftHash))
    .returning({ key: registrationFiles.file_storage_key });
  const [row] = await tx
    .insert(registrationFiles)
    .values({ ...file, draft_token_hash: draftHash })
    .returning(answerColumns);
  if (!row) throw new Error('INSERT ... RETURNING answered no row for the identification file');
  await saveDraftValues(tx, draftId, { [IDENTIFICATION_FIELD]: row.file_unique_code });
  return { file: row, replacedKeys: replaced.map((entry) => entry.key) };
}

/**
 * At sending, after the application is filed (in the same transaction): the file the values name
 * must be one uploaded to this draft, and it passes from the draft to the application. Otherwise a
 * 422 on identification_file_unique_code, which rolls the sending back. Nothing to do for a variant
 * that does not ask for the file, or that lets it be left out and was left without one.
 */
export async function bindIdentificationToApplication(
  tx: DbTransaction,
  application: {
    variant: RegistrationVariant;
    draftId: string;
    values: Record<string, unknown>;
    crUniqueCode: string;
  },
): Promise<void> {
  const asked = identificationAsked(application.variant);
  const code = application.values[IDENTIFICATION_FIELD];
  if (!asked || (!asked.required && isEmptyValue(code))) return;
  const bound =
    typeof code === 'string'
      ? await tx
          .update(registrationFiles)
          .set({ draft_token_hash: null, cr_unique_code: application.crUniqueCode })
          .where(
            and(
              eq(registrationFiles.file_unique_code, code),
              eq(registrationFiles.draft_token_hash, storedTokenHash(application.draftId)),
            ),
          )
          .returning({ code: registrationFiles.file_unique_code })
      : [];
  if (bound.length === 0)
    throw unprocessable(undefined, { [IDENTIFICATION_FIELD]: [IDENTIFICATION_MESSAGES.unknown] });
}

/** The file sent with the application `crUniqueCode`, as the desk's detail shows it; null if none. */
export async function identificationOfApplication(
  tx: DbTransaction,
  crUniqueCode: string,
): Promise<IdentificationFile | null> {
  const [row] = await tx
    .select(answerColumns)
    .from(registrationFiles)
    .where(eq(registrationFiles.cr_unique_code, crUniqueCode))
    .limit(1);
  return row ?? null;
}

/** A file of a sent application (never a draft's), with where its bytes are; undefined if none. */
export async function applicationIdentificationFile(tx: DbTransaction, fileUniqueCode: string) {
  const [row] = await tx
    .select({ ...answerColumns, file_storage_key: registrationFiles.file_storage_key })
    .from(registrationFiles)
    .where(
      and(
        eq(registrationFiles.file_unique_code, fileUniqueCode),
        isNotNull(registrationFiles.cr_unique_code),
      ),
    );
  return row;
}

/**
 * Removes the files of the transaction's bank whose draft is gone: expired (a draft lives 24 hours
 * after its last save) or deleted with the bank's expired drafts (createDraft). Answers their
 * storage keys for deleteStoredFiles.
 */
export async function removeExpiredDraftFiles(tx: DbTransaction): Promise<string[]> {
  const rows = await tx
    .delete(registrationFiles)
    .where(
      and(
        isNotNull(registrationFiles.draft_token_hash),
        sql`not exists (select 1 from ${registrationDrafts}
          where ${registrationDrafts.bank_code} = ${registrationFiles.bank_code}
            and ${registrationDrafts.draft_token_hash} = ${registrationFiles.draft_token_hash}
            and ${registrationDrafts.draft_expires_at} > now())`,
      ),
    )
    .returning({ key: registrationFiles.file_storage_key });
  return rows.map((row) => row.key);
}

/**
 * For a call that removes the bank's expired drafts (createDraft): their files' rows go in the
 * call's transaction, their bytes after it commits.
 */
export async function removeExpiredIdentifications(
  tx: DbTransaction,
  context: {
    storage: FileStorage;
    afterCommit: (work: () => Promise<void>) => void;
    log: Pick<FastifyBaseLogger, 'warn'>;
  },
): Promise<void> {
  const keys = await removeExpiredDraftFiles(tx);
  if (keys.length > 0) context.afterCommit(() => deleteStoredFiles(context.storage, keys, context.log));
}
