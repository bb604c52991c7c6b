import type { FastifyInstance } from 'fastify';
import type { RouteObjectRef } from '#server/auth/request-auth.ts';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import {
  uploadWebsitePhotoCall,
  WEBSITE_PHOTO_MAX_BYTES,
  websiteLogoFileCall,
  websitePhotoFileCall,
  websitePhotoUrl,
} from '#server/contracts/company-website.ts';
import { notFound } from '#server/errors.ts';
import type { Viewer } from '#server/plugins/request-context.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { companyLogoStorageKeyOf } from '#server/storage/storage-key.ts';
import { storeReceivedFile } from '../kit/call-uploads.ts';
import { serveCall } from '../kit/serve-call.ts';
import { type FileReadContext, serveFileCall, storedImageToSend } from '../kit/serve-file-call.ts';
import { acceptUploads, type FileToSend } from '../kit/uploaded-files.ts';
import { addWebsitePhoto, findPublicWebsiteRow, type PublicWebsiteRow } from './website-queries.ts';

/**
 * A site's images: the photos its editors upload (a call with a file), and the public reads of its
 * photos and of the company's logo (file reads).
 *
 * company_websites names its photos by their codes only (website_photo_file_codes): the bytes live
 * in the file storage under a key made from the bank and the code, and the type is told by the
 * bytes whenever they are read, as it was when they were accepted (as for a company's logo,
 * server/api/companies/company-logo-files.ts). A photo is removed by the editor's save.
 *
 * The reads are public, like the page: the company's logo route (/api/v1/file/{code}) needs a login,
 * so the site answers its logo itself, under the same rule as the page (canBeShownTo).
 */

/** Where a photo's bytes are kept: the bank's prefix, then the code. */
export function websitePhotoStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/company-website-photos/${fileUniqueCode}`;
}

const WEBSITE_WRITE = ['company_setting_website_write'] as const;

/**
 * Whether `viewer` may see the site: anyone while it is published and its company is active; the
 * company's own editors (company_setting_website_write) also while it is not (their preview).
 * A disabled or departed company's site is shown to no one.
 */
export function canBeShownTo(row: PublicWebsiteRow, viewer: Viewer): boolean {
  if (!row.company_is_active) return false;
  if (row.website_is_published) return true;
  return (
    viewer.kind === 'company' &&
    viewer.companyId === row.company_id &&
    hasAllPermissions(
      { isSuperUser: viewer.user.user_is_super_user, permittedActions: viewer.user.permitted_actions },
      WEBSITE_WRITE,
    )
  );
}

export interface WebsiteFileRouteOptions {
  storage: FileStorage;
  /** What `:company_unique_code` names (the public call's). */
  object: RouteObjectRef;
}

/** The two reads of a site's images: the same parameters, the same asker. */
type SiteImageCall = typeof websitePhotoFileCall | typeof websiteLogoFileCall;

/** How a site's image is found: whether the site `holds` the code, where its bytes are, its name. */
interface SiteImage {
  holds: (row: PublicWebsiteRow, code: string) => boolean;
  storageKeyOf: (bankCode: string, code: string) => string;
  fileNameStem: string;
}

/** A plugin of its own: multipart parsing is registered in its scope only. */
export async function websiteFileRoutes(
  app: FastifyInstance,
  { storage, object }: WebsiteFileRouteOptions,
): Promise<void> {
  await acceptUploads(app, { largestFileBytes: WEBSITE_PHOTO_MAX_BYTES, fields: 1, parts: 2 });

  serveCall(
    app,
    uploadWebsitePhotoCall,
    {
      before: async (context) => {
        // A company without its code yet has no site to hold a photo.
        const companyCode = context.viewer.user.company_unique_code;
        if (companyCode === null) throw notFound();
        return { companyCode, stored: await storeReceivedFile(context, storage, websitePhotoStorageKeyOf) };
      },
      handle: async ({ tx, viewer, prepared: { companyCode, stored }, request }) => {
        // 422 once the site holds WEBSITE_PHOTOS_MAX: the stored bytes go again with the call.
        const photos = await addWebsitePhoto(tx, viewer.companyId, viewer.userId, stored.code);
        if (!photos) throw notFound();
        request.log.info({ file: stored.code, size: stored.file_size }, 'website photo uploaded');
        return {
          photo: { file_unique_code: stored.code, file_url: websitePhotoUrl(companyCode, stored.code) },
          website_photos: photos,
        };
      },
    },
    // The domain and the company, as serveCall names the target of the save.
    { audit: { action: 'UPDATE', target: ({ viewer }) => viewer.user.company_unique_code } },
  );

  /**
   * The image the path names when the site may be shown to the asker and `holds` the code: a
   * minute's public cache is not enough for an image whose code never changes, five minutes are
   * kept; a preview's images are the editors' only.
   */
  const siteImage =
    (image: SiteImage) =>
    async ({ viewer, params, request }: FileReadContext<SiteImageCall>): Promise<FileToSend | undefined> => {
      const { company_unique_code: companyCode, file_unique_code: code } = params;
      const row = await request.inBank((tx) => findPublicWebsiteRow(tx, companyCode));
      if (!row || !canBeShownTo(row, viewer) || !image.holds(row, code)) return undefined;
      const storageKey = image.storageKeyOf(request.tenant.code, code);
      const sent = await storedImageToSend(request, storage, {
        code,
        storageKey,
        fileNameStem: image.fileNameStem,
      });
      return (
        sent && {
          ...sent,
          cacheControl: row.website_is_published ? 'public, max-age=300' : 'private, no-cache',
        }
      );
    };

  serveFileCall(
    app,
    websitePhotoFileCall,
    siteImage({
      holds: (row, code) => row.website_photo_file_codes.includes(code),
      storageKeyOf: websitePhotoStorageKeyOf,
      fileNameStem: 'photo',
    }),
    { storage, object },
  );

  serveFileCall(
    app,
    websiteLogoFileCall,
    siteImage({
      holds: (row, code) => row.company_logo_file_unique_code === code,
      storageKeyOf: companyLogoStorageKeyOf,
      fileNameStem: 'logo',
    }),
    { storage, object },
  );
}
