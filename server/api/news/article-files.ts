import { and, asc, eq, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import {
  type FileKind,
  FILES_PATH,
  UNKNOWN_FILE_MESSAGE,
  type UploadedFile,
} from '#server/contracts/news.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { articleFiles } from '#server/db/schema/news.ts';
import { MESSAGES, unprocessable } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';

/**
 * The files of the news domain's items: uploads waiting for their item, an item's attachments and
 * its body's images. The save and delete of an item (admin-routes.ts) call these inside their
 * transaction; the bytes in the file storage are removed only after that transaction commits
 * (deleteStoredFiles), so a rolled-back save never loses a file it still names.
 */

/** Where a refused attachment code is reported: the save request's field (server/contracts/news.ts). */
export const ATTACHMENT_CODES_FIELD = 'attachment_file_codes';
/** Where a refused image of the body is reported: the body field of the save request's `fields`. */
export const BODY_IMAGES_FIELD = 'fields.article_body';

/** Uploads no item named within this long are removed by the next upload of the bank. */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

/** The storage key of an upload: under its bank, so one bank's files never share a prefix with another's. */
export function storageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/articles/${fileUniqueCode}`;
}

/** Where the browser reads a file (the body's <img src> points here too). */
export function fileUrlOf(fileUniqueCode: string): string {
  return `${FILES_PATH}/${fileUniqueCode}`;
}

export type UploadedFileRow = Pick<
  typeof articleFiles.$inferSelect,
  'file_unique_code' | 'file_kind' | 'file_name' | 'file_content_type' | 'file_size'
>;

/** A stored row as the API answers it (uploadedFileSchema). */
export function uploadedFileOf(row: UploadedFileRow): UploadedFile {
  return {
    file_unique_code: row.file_unique_code,
    file_kind: row.file_kind === 'image' ? 'image' : 'attachment',
    file_name: row.file_name,
    file_content_type: row.file_content_type,
    file_size: row.file_size,
    file_url: fileUrlOf(row.file_unique_code),
  };
}

const uploadedFileColumns = {
  file_unique_code: articleFiles.file_unique_code,
  file_kind: articleFiles.file_kind,
  file_name: articleFiles.file_name,
  file_content_type: articleFiles.file_content_type,
  file_size: articleFiles.file_size,
};

export interface AttachFilesInput {
  articleId: number;
  /** The save request's attachment_file_codes, in the order the item lists them. */
  attachmentCodes: readonly string[];
  /** The codes of the images the sanitised body shows (`<img src="/api/v1/files/{code}">`). */
  imageCodes: readonly string[];
  /**
   * Not used: accepted so callers may pass their storage along. Bytes are never removed inside the
   * transaction; the answered keys go to deleteStoredFiles after commit.
   */
  storage?: FileStorage;
}

/**
 * Makes the item's files exactly the ones it names, inside the save's transaction (the bank's,
 * through withBank): each named upload gets the item's id (attachments also their order), and the
 * files the item named before but no longer does (attachments removed from the list, images taken
 * out of the body) are deleted. Answers the storage keys of the deleted files, for deleteStoredFiles
 * after commit.
 *
 * A code that is not an upload of this bank of the right kind (attachments `attachment`, images
 * `image`), or that belongs to another item, is refused with a 422 field error (UNKNOWN_FILE_MESSAGE
 * on attachment_file_codes, or on fields.article_body for an image) and nothing is changed. The
 * named rows are locked first, so two saves naming the same upload cannot both take it.
 */
export async function attachFilesToArticle(tx: DbTransaction, input: AttachFilesInput): Promise<string[]> {
  const { articleId } = input;
  const attachmentCodes = [...new Set(input.attachmentCodes)];
  const imageCodes = [...new Set(input.imageCodes)];
  const named = [...attachmentCodes, ...imageCodes];

  const rows =
    named.length === 0
      ? []
      : await tx
          .select({
            file_unique_code: articleFiles.file_unique_code,
            file_kind: articleFiles.file_kind,
            article_id: articleFiles.article_id,
          })
          .from(articleFiles)
          .where(inArray(articleFiles.file_unique_code, named))
          .for('update');
  const rowOf = new Map(rows.map((row) => [row.file_unique_code, row]));
  const usable = (code: string, kind: FileKind) => {
    const row = rowOf.get(code);
    return (
      row !== undefined && row.file_kind === kind && (row.article_id === null || row.article_id === articleId)
    );
  };
  const errors: Record<string, string[]> = {};
  if (!attachmentCodes.every((code) => usable(code, 'attachment')))
    errors[ATTACHMENT_CODES_FIELD] = [UNKNOWN_FILE_MESSAGE];
  if (!imageCodes.every((code) => usable(code, 'image'))) errors[BODY_IMAGES_FIELD] = [UNKNOWN_FILE_MESSAGE];
  if (Object.keys(errors).length > 0) throw unprocessable(MESSAGES.saveFailed, errors);

  // At most ATTACHMENTS_PER_ARTICLE_MAX attachments: one update each keeps their order.
  for (const [order, code] of attachmentCodes.entries()) {
    await tx
      .update(articleFiles)
      .set({ article_id: articleId, file_sort_order: order })
      .where(eq(articleFiles.file_unique_code, code));
  }
  if (imageCodes.length > 0)
    await tx
      .update(articleFiles)
      .set({ article_id: articleId })
      .where(inArray(articleFiles.file_unique_code, imageCodes));

  const dropped = await tx
    .delete(articleFiles)
    .where(
      and(
        eq(articleFiles.article_id, articleId),
        named.length === 0 ? undefined : notInArray(articleFiles.file_unique_code, named),
      ),
    )
    .returning({ key: articleFiles.file_storage_key });
  return dropped.map((row) => row.key);
}

/** The item's attachments in their order (its body's images are not listed: the body shows them). */
export async function filesOfArticle(tx: DbTransaction, articleId: number): Promise<UploadedFile[]> {
  const rows = await tx
    .select(uploadedFileColumns)
    .from(articleFiles)
    .where(and(eq(articleFiles.article_id, articleId), eq(articleFiles.file_kind, 'attachment')))
    .orderBy(asc(articleFiles.file_sort_order), asc(articleFiles.file_id));
  return rows.map(uploadedFileOf);
}

/**
 * The storage keys of all the item's files, to remove after the item is deleted (its file rows go
 * with it, ON DELETE CASCADE). Call it in the delete's transaction, before the delete.
 */
export async function storageKeysOfArticle(tx: DbTransaction, articleId: number): Promise<string[]> {
  const rows = await tx
    .select({ key: articleFiles.file_storage_key })
    .from(articleFiles)
    .where(eq(articleFiles.article_id, articleId));
  return rows.map((row) => row.key);
}

/**
 * Removes uploads of the transaction's bank that no item named within ABANDONED_UPLOAD_AGE_MS (a
 * form left without saving) and answers their storage keys for deleteStoredFiles.
 */
export async function removeAbandonedUploads(tx: DbTransaction, now: Date = new Date()): Promise<string[]> {
  const rows = await tx
    .delete(articleFiles)
    .where(
      and(
        isNull(articleFiles.article_id),
        lt(articleFiles.file_created_at, new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS)),
      ),
    )
    .returning({ key: articleFiles.file_storage_key });
  return rows.map((row) => row.key);
}
