import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { passesRouteRule } from '#server/auth/auth-plugin.ts';
import {
  ARTICLE_KINDS,
  type ArticleKind,
  companyArticleCalls,
  FILE_CONTENT_TYPES,
  FILE_KINDS,
  FILE_MAX_BYTES,
  FILE_MISSING_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  FILE_UPLOAD_PATH,
  FILES_PATH,
  type FileKind,
  fileTooLargeMessage,
  uploadedFileSchema,
} from '#server/contracts/news.ts';
import { hasUnstorableCharacter, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { articleFiles, articles } from '#server/db/schema/news.ts';
import { badRequest, forbidden, unprocessable } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { isStaffAddressAllowed, staffOffHoursMessage } from '#server/tenancy/staff-access.ts';
import { removeAbandonedUploads, storageKeyOf, uploadedFileOf } from './article-files.ts';
import { type ArticleViewer, kindOpenToVisitors, articleViewerOf, visibleArticles } from './visibility.ts';
import * as uploadedFiles from '../kit/uploaded-files.ts';
import { withoutImageMetadata } from '../kit/uploaded-images.ts';

const LARGEST_FILE_BYTES = Math.max(...Object.values(FILE_MAX_BYTES));

const uploadFieldsSchema = z.object({
  kind: z.enum(FILE_KINDS, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? VALIDATION_MESSAGES.required
        : '選択肢の中から選んでください',
  }),
});

const fileParamsSchema = z.object({ file_unique_code: z.string() });

/**
 * Files of the news domain (attachments and the images of items' bodies):
 * - POST /api/v1/admin/files: a staff member's upload, multipart/form-data with `kind` and one
 *   `file`. Its type is told by its bytes, never by its name or the browser's word; it is stored
 *   and waits, without an item, until the item that names it is saved (article-files.ts).
 * - GET /api/v1/files/{code}: the bytes, for whoever may see the item the file belongs to.
 *
 * Both are plain Fastify routes built from the upload kit (server/api/kit/uploaded-files.ts): the
 * upload's body is multipart, not JSON, and the read answers the file's bytes, not the envelope.
 */
export const articleFileRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  // Sent before `kind`, a file is held to the largest kind's limit; readUpload then to its kind's.
  await uploadedFiles.acceptUploads(app, { largestFileBytes: LARGEST_FILE_BYTES, fields: 4, parts: 6 });

  app.post(
    FILE_UPLOAD_PATH,
    {
      config: { access: 'bank' },
      schema: {
        tags: ['news'],
        summary: 'ファイルのアップロード',
        description: `記事の添付ファイル（kind=attachment、${FILE_MAX_BYTES.attachment / 1048576}MBまで: PDF、画像、Word/Excel/PowerPointのOOXML）と本文の画像（kind=image、${FILE_MAX_BYTES.image / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`kind\` と \`file\` で受け取ります（\`kind\` を先に送ってください）。形式はファイルの中身で判定します。展開後のサイズが大きすぎるOfficeファイル（中身はZIP）は 422 です。保存したファイルは、記事の保存で添付・本文の画像として指定されるまでその金融機関の職員だけが読めます。支店ユーザーはアップロードできません（403）。`,
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(uploadedFileSchema) },
      },
    },
    async (request, reply) => {
      // Branch users read the news domain but change nothing in it.
      if (request.auth?.user.userType === 'branch_user') throw forbidden();
      const upload = await readUpload(request, reply);
      uploadedFiles.refuseArchiveBombs(upload.bytes, 'file');
      const detected = await fileTypeFromBuffer(upload.bytes);
      const typeRefused = () =>
        unprocessable(FILE_TYPE_REFUSED_MESSAGE, { file: [FILE_TYPE_REFUSED_MESSAGE] });
      if (!detected || !FILE_CONTENT_TYPES[upload.kind].includes(detected.mime)) throw typeRefused();
      const bytes = await withoutImageMetadata(request, { bytes: upload.bytes, type: detected }, typeRefused);

      const code = randomUUID().replaceAll('-', '');
      const storageKey = storageKeyOf(request.tenant.code, code);
      const { userId: uploadedBy } = await request.viewerFor('bank');
      const stored = await uploadedFiles.storeUpload(
        request,
        storage,
        { ...upload, bytes, type: detected, code, storageKey },
        { action: 'CREATE', targetType: 'news', actorUserId: uploadedBy },
        (tx, columns) =>
          insertUpload(tx, { ...columns, file_kind: upload.kind, uploaded_by_user_id: uploadedBy }),
      );
      request.log.info({ file: code, kind: upload.kind, size: stored.file_size }, 'file uploaded');
      // The bank's forgotten uploads go with each new one.
      await uploadedFiles.removeLeftoverFiles(
        request,
        storage,
        (tx) => removeAbandonedUploads(tx),
        'abandoned uploads could not be removed',
      );
      return success(uploadedFileOf(stored));
    },
  );

  app.get(
    `${FILES_PATH}/:file_unique_code`,
    {
      config: uploadedFiles.fileReadConfig('public', 'article_files'),
      schema: {
        tags: ['news'],
        summary: 'ファイルの取得',
        description:
          'アップロードされたファイルの中身を返します。金融機関の職員はその金融機関のすべてのファイルを、企業ユーザーは開くことのできる記事（公開中・対象が合うもので、その種類の閲覧権限 company_news_read などがあるもの）のファイルを、だれでもログインなしで見られるニュースのファイルを読めます。それ以外は、ファイルがあるかどうかを伝えないよう、すべて 404 です。添付ファイルはダウンロード（attachment）、画像はそのまま表示（inline）されます。',
        params: fileParamsSchema,
      },
    },
    (request, reply) =>
      uploadedFiles.sendStoredFile(request, reply, storage, request.params.file_unique_code, async (code) => {
        const viewer = await fileReaderOf(request);
        const kinds = await kindsReadBy(request, viewer);
        const file = await request.inBank((tx) => readableFile(tx, code, viewer, kinds));
        return (
          file && {
            ...file,
            disposition: file.file_kind === 'image' ? 'inline' : 'attachment',
            cacheControl: 'private, max-age=300',
          }
        );
      }),
  );
};

interface Upload {
  kind: FileKind;
  fileName: string;
  bytes: Buffer;
}

/**
 * The `kind` field and the one `file` of the upload, refusing with the spec's field messages. The
 * file is read into memory up to its kind's limit and no further: past it the stream is dropped and
 * the connection closed after the answer, so a browser stops sending the rest.
 */
async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<Upload> {
  const missingFile = () => badRequest(undefined, { file: [FILE_MISSING_MESSAGE] });
  if (!request.isMultipart()) throw missingFile();
  const fields: Record<string, unknown> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  await uploadedFiles.readUploadParts(request, reply, {
    onField: (part) => {
      fields[part.fieldname] = part.value;
    },
    onFile: async (part) => {
      if (part.fieldname !== 'file') throw badRequest();
      if (hasUnstorableCharacter(part.filename))
        throw badRequest(undefined, { file: [VALIDATION_MESSAGES.unstorableCharacter] });
      // Sent before `kind` (FormData keeps the order it was filled in), it is held to the largest limit.
      const kind = uploadFieldsSchema.shape.kind.safeParse(fields.kind).data;
      const bytes = await uploadedFiles.readFileWithin(
        part,
        kind === undefined ? LARGEST_FILE_BYTES : FILE_MAX_BYTES[kind],
      );
      if (bytes === undefined)
        throw unprocessable(fileTooLargeMessage(kind ?? 'attachment'), {
          file: [fileTooLargeMessage(kind ?? 'attachment')],
        });
      file = { name: part.filename, bytes };
    },
    refusal: missingFile,
  });
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw badRequest(undefined, { kind: parsed.error.issues.map((issue) => issue.message) });
  const { kind } = parsed.data;
  if (!file || file.bytes.length === 0) throw missingFile();
  if (file.bytes.length > FILE_MAX_BYTES[kind])
    throw unprocessable(fileTooLargeMessage(kind), { file: [fileTooLargeMessage(kind)] });
  return { kind, fileName: file.name, bytes: file.bytes };
}

type NewUpload = Omit<typeof articleFiles.$inferInsert, 'bank_code' | 'article_id'>;

async function insertUpload(tx: DbTransaction, upload: NewUpload) {
  const [row] = await tx.insert(articleFiles).values(upload).returning();
  if (!row) throw new Error('INSERT ... RETURNING answered no row for the upload');
  return row;
}

/**
 * Who reads the file. The route is public (visitors read public news' files), so the API guard does
 * not hold staff to their bank's address allowlist and office hours here; staff outside them read
 * only what a visitor may.
 */
async function fileReaderOf(request: FastifyRequest): Promise<ArticleViewer> {
  const viewer = articleViewerOf(await request.viewer());
  if (viewer.kind !== 'staff') return viewer;
  const access = request.tenant.config.bank_staff_access;
  const withinStaffAccess =
    isStaffAddressAllowed(access, request.ip) && staffOffHoursMessage(access, new Date()) === undefined;
  return withinStaffAccess ? viewer : { kind: 'visitor' };
}

/**
 * The kinds whose items a company user may open: those whose detail call's page rule they pass
 * (company_news_read for news, company_column_read for columns...), so that a file follows the
 * rights of its item. Visitors and staff: every kind (visibleArticles and kindOpenToVisitors
 * say the rest).
 */
async function kindsReadBy(request: FastifyRequest, viewer: ArticleViewer): Promise<readonly ArticleKind[]> {
  if (viewer.kind !== 'company') return ARTICLE_KINDS;
  const kinds: ArticleKind[] = [];
  for (const kind of ARTICLE_KINDS)
    if (await passesRouteRule(request, companyArticleCalls[kind].detail.rule)) kinds.push(kind);
  return kinds;
}

/**
 * The file `code` of the transaction's bank if `viewer` may read it: staff any file of the bank
 * (uploads not yet attached included); a company user a file of an item of `kinds` they may see
 * now; anyone (a company user too) a file of a news item a visitor may see now, as the public
 * news detail answers it to anyone.
 */
async function readableFile(
  tx: DbTransaction,
  code: string,
  viewer: ArticleViewer,
  kinds: readonly ArticleKind[],
) {
  const columns = {
    file_kind: articleFiles.file_kind,
    file_name: articleFiles.file_name,
    file_content_type: articleFiles.file_content_type,
    file_storage_key: articleFiles.file_storage_key,
  };
  const ofCode = eq(articleFiles.file_unique_code, code);
  if (viewer.kind === 'staff') {
    const [file] = await tx.select(columns).from(articleFiles).where(ofCode);
    return file;
  }
  const openToViewer = viewer.kind === 'company' ? kinds.map((kind) => visibleArticles(kind, viewer)) : [];
  const openToVisitors = ARTICLE_KINDS.filter(kindOpenToVisitors).map((kind) =>
    visibleArticles(kind, { kind: 'visitor' }),
  );
  const [file] = await tx
    .select(columns)
    .from(articleFiles)
    .innerJoin(
      articles,
      and(eq(articles.bank_code, articleFiles.bank_code), eq(articles.article_id, articleFiles.article_id)),
    )
    .where(and(ofCode, or(...openToViewer, ...openToVisitors)));
  return file;
}
