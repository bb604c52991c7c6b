import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passesRouteRule } from '#server/auth/auth-plugin.ts';
import { largestUploadBytes } from '#server/contracts/upload-limits.ts';
import {
  ARTICLE_KINDS,
  type ArticleKind,
  articleFileCall,
  companyArticleCalls,
} from '#server/contracts/news.ts';
import { uploadArticleFileCall } from '#server/contracts/news-files.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { articleFiles, articles } from '#server/db/schema/news.ts';
import type { Viewer } from '#server/plugins/request-context.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { isStaffAddressAllowed, staffOffHoursMessage } from '#server/tenancy/staff-access.ts';
import { storeReceivedFile } from '#server/api/kit/call-uploads.ts';
import { serveCall } from '#server/api/kit/serve-call.ts';
import { serveFileCall } from '#server/api/kit/serve-file-call.ts';
import { acceptUploads, removeLeftoverFiles } from '#server/api/kit/uploaded-files.ts';
import { removeAbandonedUploads, storageKeyOf, uploadedFileOf } from './article-files.ts';
import { refuseReadOnlyStaff } from './staff-permissions.ts';
import { type ArticleViewer, kindOpenToVisitors, articleViewerOf, visibleArticles } from './visibility.ts';

/**
 * Files of the news domain (attachments and the images of items' bodies):
 * - uploadArticleFileCall (POST /api/v1/admin/files): a staff member's upload, a call with a file,
 *   multipart/form-data with `kind` and one `file`. The gateway tells its type by its bytes, never
 *   by its name or the browser's word, and holds it to its kind's limits; it is stored and waits,
 *   without an item, until the item that names it is saved (article-files.ts).
 * - articleFileCall (GET /api/v1/files/{code}): a file read, the bytes for whoever may see the item
 *   the file belongs to.
 */

/** A plugin of its own: multipart parsing is registered in its scope only. */
export async function articleFileRoutes(
  app: FastifyInstance,
  { storage }: { storage: FileStorage },
): Promise<void> {
  // Sent before `kind`, a file is held to the largest kind's limit; then to its kind's.
  await acceptUploads(app, {
    largestFileBytes: largestUploadBytes(uploadArticleFileCall.upload),
    fields: 1,
    parts: 2,
  });

  serveCall(
    app,
    uploadArticleFileCall,
    {
      before: (context) => storeReceivedFile(context, storage, storageKeyOf),
      handle: async ({ tx, viewer, body: { kind }, prepared: stored, request, afterCommit }) => {
        const { code, ...columns } = stored;
        const row = await insertUpload(tx, {
          ...columns,
          file_kind: kind,
          uploaded_by_user_id: viewer.userId,
        });
        request.log.info({ file: code, kind, size: row.file_size }, 'file uploaded');
        // The bank's forgotten uploads go with each new one, once it is stored (best effort).
        afterCommit(() =>
          removeLeftoverFiles(
            request,
            storage,
            (leftoverTx) => removeAbandonedUploads(leftoverTx),
            'abandoned uploads could not be removed',
          ),
        );
        return uploadedFileOf(row);
      },
    },
    {
      // Branch users read the news domain but change nothing in it.
      onRequest: refuseReadOnlyStaff,
      audit: { action: 'CREATE', target: (_, result) => result.file_unique_code },
    },
  );

  serveFileCall(
    app,
    articleFileCall,
    async ({ viewer, params, request }) => {
      const reader = fileReaderOf(request, viewer);
      const kinds = await kindsReadBy(request, reader);
      const file = await request.inBank((tx) => readableFile(tx, params.file_unique_code, reader, kinds));
      return (
        file && {
          ...file,
          disposition: file.file_kind === 'image' ? 'inline' : 'attachment',
          cacheControl: 'private, max-age=300',
        }
      );
    },
    {
      storage,
      object: { param: 'file_unique_code', table: 'article_files', column: 'file_unique_code' },
    },
  );
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
function fileReaderOf(request: FastifyRequest, asker: Viewer): ArticleViewer {
  const viewer = articleViewerOf(asker);
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
