import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import * as z from 'zod/mini';
import {
  draftIdSchema,
  REGISTRATION_CALL_MESSAGES,
  uploadIdentificationCall,
} from '#server/contracts/registration.ts';
import {
  IDENTIFICATION_MAX_BYTES,
  identificationFileCall,
} from '#server/contracts/registration-identification.ts';
import { REGISTRATION_VARIANTS } from '#server/contracts/registration-variants.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { badRequest, notFound } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { storeReceivedFile } from '../kit/call-uploads.ts';
import { serveCall } from '../kit/serve-call.ts';
import { serveFileCall } from '../kit/serve-file-call.ts';
import { acceptUploads, deleteStoredFiles, removeLeftoverFiles } from '../kit/uploaded-files.ts';
import {
  applicationIdentificationFile,
  identificationAsked,
  identificationStorageKeyOf,
  removeExpiredDraftFiles,
  replaceDraftIdentification,
} from './identification-files.ts';
import { findDraft } from './queries.ts';

const DRAFT_ID_FIELD = 'draft_id';

const draftGone = () => notFound(REGISTRATION_CALL_MESSAGES.draftGone);

/**
 * The draft of the id if it can take an identification document: it exists (not expired), its
 * variant is one the host's bank offers and asks for the file. Else the refusal that the draft is
 * gone, as the other draft calls answer it. Locked for the rest of the transaction.
 */
async function draftTakingIdentification(request: FastifyRequest, tx: DbTransaction, draftId: string) {
  const draft = await findDraft(tx, draftId);
  if (!draft || !request.tenant.config.registration_variants.includes(draft.variant)) throw draftGone();
  if (!identificationAsked(REGISTRATION_VARIANTS[draft.variant])) throw draftGone();
  return draft;
}

export interface IdentificationUploadOptions {
  storage: FileStorage;
  /** The registration calls' rate limit (routes.ts's `app.rateLimit()`), checked before the body is read. */
  limited: onRequestHookHandler;
}

/**
 * uploadIdentificationCall: an applicant's identification document for the draft, without a
 * login, a call with a file. `draft_id` comes first, then one `file`: the draft is checked when the
 * file begins, before a byte of it is read (beforeFile); the type is told by the content (JPEG,
 * PNG or PDF), the size is held to IDENTIFICATION_MAX_BYTES as it streams in. The bytes are stored
 * first, then in the call's transaction the draft (locked) is checked again, its previous file is
 * replaced, its values name the new one and the audit row is written; if that fails the bytes are
 * removed again.
 *
 * A plugin of its own: multipart parsing is registered in its scope only.
 */
export async function identificationUploadRoutes(
  app: FastifyInstance,
  { storage, limited }: IdentificationUploadOptions,
): Promise<void> {
  // One file and the draft's id.
  await acceptUploads(app, { largestFileBytes: IDENTIFICATION_MAX_BYTES, fields: 2, parts: 3 });

  serveCall(
    app,
    uploadIdentificationCall,
    {
      beforeFile: async ({ fields, request }) => {
        // The draft comes first (FormData keeps the order it was filled in): no draft, no bytes read.
        if (fields[DRAFT_ID_FIELD] === undefined) throw draftIdMissing();
        const draftId = checkedDraftId(fields[DRAFT_ID_FIELD]);
        await request.inBank((tx) => draftTakingIdentification(request, tx, draftId));
      },
      before: (context) => storeReceivedFile(context, storage, identificationStorageKeyOf),
      handle: async ({ tx, body, prepared: stored, request, afterCommit }) => {
        await draftTakingIdentification(request, tx, body.draft_id);
        const { code, ...columns } = stored;
        const replaced = await replaceDraftIdentification(tx, body.draft_id, columns);
        afterCommit(async () => {
          await deleteStoredFiles(storage, replaced.replacedKeys, request.log);
          // The bank's files of expired drafts go with each upload.
          await removeLeftoverFiles(
            request,
            storage,
            (sweep) => removeExpiredDraftFiles(sweep),
            'files of expired registration drafts could not be removed',
          );
        });
        // The code and the size only: the name and the draft are the applicant's.
        request.log.info({ file: code, size: replaced.file.file_size }, 'identification uploaded');
        return replaced.file;
      },
    },
    // A visitor's upload, as the other draft calls: its audit row names the file.
    {
      onRequest: limited,
      audit: { action: 'DRAFT', target: (_context, file) => file.file_unique_code },
    },
  );
}

/**
 * identificationFileCall: the identification document of an application sent to the bank, for its
 * admins (the desk), as an attachment. A draft's file, another bank's or an unknown code: 404.
 */
export async function identificationReadRoutes(
  app: FastifyInstance,
  { storage }: { storage: FileStorage },
): Promise<void> {
  serveFileCall(
    app,
    identificationFileCall,
    async ({ params, request }) => {
      const file = await request.inBank((tx) => applicationIdentificationFile(tx, params.file_unique_code));
      // Personal data: kept in no cache, the browser's included.
      return file && { ...file, disposition: 'attachment', cacheControl: 'private, no-store' };
    },
    {
      storage,
      object: { param: 'file_unique_code', table: 'registration_files', column: 'file_unique_code' },
    },
  );
}

/** draft_id as draftIdSchema checks it, or the 400 with its message on the field. */
function checkedDraftId(value: unknown): string {
  const parsed = z.safeParse(draftIdSchema, value);
  if (!parsed.success)
    throw badRequest(undefined, { [DRAFT_ID_FIELD]: parsed.error.issues.map((issue) => issue.message) });
  return parsed.data;
}

/** No draft_id before the file: the page lost the draft's id. */
const draftIdMissing = () =>
  badRequest(undefined, { [DRAFT_ID_FIELD]: [REGISTRATION_CALL_MESSAGES.draftGone] });
