import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { passesRouteRule } from '#server/auth/auth-plugin.ts';
import {
  deleteNeedImageCall,
  getNeedCall,
  getOwnNeedCall,
  MATCHING_MESSAGES,
  NEED_IMAGE_FILE_FIELD,
  NEED_IMAGE_MAX_BYTES,
  NEED_IMAGES_MAX,
  needImageFileCall,
  uploadNeedImageCall,
} from '#server/contracts/matching.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { companyMemberOf } from '#server/plugins/request-context.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { storeReceivedFile } from '../kit/call-uploads.ts';
import { serveCall } from '../kit/serve-call.ts';
import { serveFileCall, storedImageToSend } from '../kit/serve-file-call.ts';
import { acceptUploads, deleteStoredFiles } from '../kit/uploaded-files.ts';
import { joinMatchingNetwork } from './network-membership.ts';
import { findOwnNeed, ownNeedOf, setNeedImages } from './need-queries.ts';
import { findPublishedNeed } from './need-search-queries.ts';
import { readerOf } from './matching-viewer.ts';

/**
 * A need's images (up to NEED_IMAGES_MAX): added one by one by its company (a call with a file),
 * taken away one by one, and read by whoever may read the need (a file read) — its company, or a
 * company the published need reaches, which may be of another bank of the network: the bytes are
 * kept under the need's bank.
 */

export function needImageStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/need-images/${fileUniqueCode}`;
}

export function deleteNeedImageFiles(
  storage: FileStorage,
  bankCode: string,
  fileCodes: readonly string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  return deleteStoredFiles(
    storage,
    fileCodes.map((code) => needImageStorageKeyOf(bankCode, code)),
    log,
  );
}

const NEED_OBJECT = { param: 'ca_unique_code', table: 'needs', column: 'need_unique_code' };

const imagesFull = () =>
  unprocessable(MATCHING_MESSAGES.imagesFull, { [NEED_IMAGE_FILE_FIELD]: [MATCHING_MESSAGES.imagesFull] });

/** The company's need that takes one more image: 404 for none of its own, 422 when its images are full. */
async function needTakingAnImage(tx: DbTransaction, companyId: number, code: string) {
  const found = await findOwnNeed(tx, companyId, code);
  if (!found) throw notFound();
  if (found.row.need_image_file_codes.length >= NEED_IMAGES_MAX) throw imagesFull();
  return found;
}

/**
 * Before any of the upload's body is read (an onRequest hook, after the guard): another company's
 * (or another bank's) need is a 404 and a need whose images are full a 422, so no one sends a file
 * only to have it refused. The call checks both again in its transaction. A path the call's schema
 * refuses is left to its validation (400), a user of no company to the call's `member` refusal.
 */
async function needTakesAnImage(request: FastifyRequest): Promise<void> {
  const params = z.safeParse(uploadNeedImageCall.params, request.params);
  if (!params.success) return;
  const member = companyMemberOf(await request.viewerFor('company'));
  if (!member) return;
  await request.inBank((tx) => needTakingAnImage(tx, member.companyId, params.data.ca_unique_code));
}

export async function needImageRoutes(app: FastifyInstance, storage: FileStorage): Promise<void> {
  serveCall(
    app,
    deleteNeedImageCall,
    async ({ tx, viewer, params, request, afterCommit }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      const found = await findOwnNeed(tx, companyId, params.ca_unique_code);
      if (!found || !found.row.need_image_file_codes.includes(params.file_unique_code)) throw notFound();
      const rest = found.row.need_image_file_codes.filter((code) => code !== params.file_unique_code);
      const row = await setNeedImages(tx, companyId, params.ca_unique_code, viewer.userId, rest);
      if (!row) throw notFound();
      afterCommit(() =>
        deleteNeedImageFiles(storage, request.tenant.code, [params.file_unique_code], request.log),
      );
      return ownNeedOf(row, found.dealCount, japanDateString());
    },
    { message: MATCHING_MESSAGES.imageDeleted, object: NEED_OBJECT, audit: { action: 'UPDATE' } },
  );

  // A plugin of its own: multipart parsing is registered in its scope only.
  await app.register(async (scope) => {
    await acceptUploads(scope, { largestFileBytes: NEED_IMAGE_MAX_BYTES, fields: 1, parts: 2 });

    serveCall(
      scope,
      uploadNeedImageCall,
      {
        before: (context) => storeReceivedFile(context, storage, needImageStorageKeyOf),
        // Adds the image: nothing is replaced. The need and its count are checked again here.
        handle: async ({ tx, viewer, params, prepared: stored }) => {
          const code = params.ca_unique_code;
          const found = await needTakingAnImage(tx, viewer.companyId, code);
          const row = await setNeedImages(tx, viewer.companyId, code, viewer.userId, [
            ...found.row.need_image_file_codes,
            stored.code,
          ]);
          if (!row) throw notFound();
          return ownNeedOf(row, found.dealCount, japanDateString());
        },
      },
      { onRequest: needTakesAnImage, object: NEED_OBJECT, audit: { action: 'UPDATE' } },
    );

    serveFileCall(
      scope,
      needImageFileCall,
      async ({ viewer, params, request }) => {
        const { ca_unique_code: needCode, file_unique_code: fileCode } = params;
        // The image follows the need's rights: its own company's users who may open their own needs
        // (the own need's read call's rule), and the readers the published need's detail serves
        // (its call's rule, then the same query). Anyone else gets the 404 of an unknown image.
        const ownNeedReader = await passesRouteRule(request, getOwnNeedCall.rule);
        const publishedNeedReader = await passesRouteRule(request, getNeedCall.rule);
        // The bank whose storage keeps the bytes: the need's.
        const needBank = await request.inBank(async (tx) => {
          if (viewer.companyId !== null && ownNeedReader) {
            const own = await findOwnNeed(tx, viewer.companyId, needCode);
            if (own)
              return own.row.need_image_file_codes.includes(fileCode) ? request.tenant.code : undefined;
          }
          if (!publishedNeedReader) return undefined;
          await joinMatchingNetwork(tx, request.tenant, app.tenants);
          const published = await findPublishedNeed(tx, needCode, japanDateString());
          return published?.need_image_file_codes.includes(fileCode) ? published.bank_code : undefined;
        });
        if (needBank === undefined) return undefined;
        return storedImageToSend(request, storage, {
          code: fileCode,
          storageKey: needImageStorageKeyOf(needBank, fileCode),
          fileNameStem: 'need',
        });
      },
      { storage, object: NEED_OBJECT },
    );
  });
}
