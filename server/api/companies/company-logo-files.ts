import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COMPANY_LOGO_MAX_BYTES,
  companyLogoFileCall,
  companyLogoUrl,
  uploadCompanyLogoCall,
} from '#server/contracts/company-profile.ts';
import { notFound } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { companyLogoStorageKeyOf } from '#server/storage/storage-key.ts';
import { storeReceivedFile } from '#server/api/kit/call-uploads.ts';
import { serveCall } from '#server/api/kit/serve-call.ts';
import { serveFileCall, storedImageToSend } from '#server/api/kit/serve-file-call.ts';
import { acceptUploads, deleteReleasedFiles } from '#server/api/kit/uploaded-files.ts';
import { companyLogoVisible, replaceCompanyLogo } from './profile-queries.ts';

/**
 * A company's logo: its upload by the company's own users (a call with a file) and its bytes for
 * whoever may see it (a file read).
 *
 * The companies table names the logo by its code only (company_logo_file_unique_code): the bytes
 * live in the file storage under a key made from the bank and the code, and the type is told by
 * the bytes whenever they are read, as it was when they were accepted. A new logo replaces the old
 * one, whose bytes are removed once the change has committed.
 */

export interface CompanyLogoRouteOptions {
  storage: FileStorage;
  /** Runs once a change of a company's logo has committed (the logged-in users' cache forgets it). */
  onLogoChanged: (request: FastifyRequest, companyId: number) => void;
}

/** A plugin of its own: multipart parsing is registered in its scope only. */
export async function companyLogoFileRoutes(
  app: FastifyInstance,
  { storage, onLogoChanged }: CompanyLogoRouteOptions,
): Promise<void> {
  await acceptUploads(app, { largestFileBytes: COMPANY_LOGO_MAX_BYTES, fields: 1, parts: 2 });

  serveCall(
    app,
    uploadCompanyLogoCall,
    {
      before: async (context) => {
        // A company without its code yet has no profile to hold a logo.
        if (context.viewer.user.company_unique_code === null) throw notFound();
        return storeReceivedFile(context, storage, companyLogoStorageKeyOf);
      },
      handle: async ({ tx, viewer, prepared: stored, request, afterCommit }) => {
        const { companyId } = viewer;
        const replaced = await replaceCompanyLogo(tx, companyId, stored.code);
        if (!replaced) throw notFound();
        afterCommit(async () => {
          onLogoChanged(request, companyId);
          await deleteReleasedFiles(request, storage, companyLogoStorageKeyOf, [replaced.previous]);
        });
        request.log.info({ file: stored.code, size: stored.file_size }, 'company logo uploaded');
        return { file_unique_code: stored.code, file_url: companyLogoUrl(stored.code) };
      },
    },
    { audit: { action: 'UPDATE', target: ({ viewer }) => viewer.user.company_unique_code } },
  );

  serveFileCall(
    app,
    companyLogoFileCall,
    async ({ viewer, params, request }) => {
      const code = params.file_unique_code;
      if (!(await request.inBank((tx) => companyLogoVisible(tx, code, viewer)))) return undefined;
      const storageKey = companyLogoStorageKeyOf(request.tenant.code, code);
      return storedImageToSend(request, storage, { code, storageKey, fileNameStem: 'logo' });
    },
    {
      storage,
      object: {
        param: 'file_unique_code',
        table: 'companies',
        column: 'company_logo_file_unique_code',
        where: 'company_logo_file_unique_code is not null',
      },
    },
  );
}
