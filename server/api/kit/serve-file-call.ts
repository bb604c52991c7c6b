import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { RouteObjectRef } from '#server/auth/request-auth.ts';
import type { FileCallDefinition } from '#server/contracts/call.ts';
import type { ViewerFor } from '#server/plugins/request-context.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { type FileToSend, sendStoredFile } from './uploaded-files.ts';
import { storedImageType } from './uploaded-images.ts';

/**
 * The gateway's half of a file read (server/contracts/call.ts, defineFileCall): the route with the
 * call's path, parameters, access and page rule, checked by the API guard before anything here
 * runs, as for every call; then the file the domain's `find` gives the asker, answered with the
 * headers that keep its bytes from ever running as a page (sendStoredFile), or 404 whether or not
 * it exists.
 */

/** The parameter every file read names its file by: its file_unique_code. */
export interface FileCodeParams {
  file_unique_code: string;
}

/** What a file read's `find` has: who asks (as the call's access admits them), the file's code, the request. */
export interface FileReadContext<C extends FileCallDefinition> {
  viewer: ViewerFor<C['access']>;
  params: z.output<C['params']>;
  request: FastifyRequest;
}

export interface FileReadOptions {
  storage: FileStorage;
  /** The table whose row holds the code the path names: the security walk reads one and asks as another bank. */
  object: RouteObjectRef;
  /** Overrides the definition's OpenAPI description (e.g. with configured limits). */
  description?: string;
}

export function serveFileCall<C extends FileCallDefinition>(
  app: FastifyInstance,
  call: C,
  find: (context: FileReadContext<C>) => Promise<FileToSend | undefined>,
  options: FileReadOptions,
): void {
  const description = options.description ?? call.description;
  app.route({
    method: 'GET',
    url: call.path,
    config: {
      access: call.access,
      answers: 'file',
      object: options.object,
      ...(call.rule ? { rule: call.rule } : {}),
    },
    schema: {
      tags: [call.domain],
      summary: call.summary,
      ...(description ? { description } : {}),
      params: call.params,
    },
    handler: async (request, reply) => {
      const params = request.params as z.output<C['params']> & FileCodeParams;
      const viewer = (await request.viewerFor(call.access)) as ViewerFor<C['access']>;
      return sendStoredFile(request, reply, options.storage, params.file_unique_code, () =>
        find({ viewer, params, request }),
      );
    },
  });
}

/**
 * An image named by its code only (a logo, a profile picture: no row of its own, no stored name or
 * type), as a file read answers it: its type told by its bytes, shown in place, kept a day by the
 * browser (a code names one image for ever). Undefined when its bytes are missing (logged).
 */
export async function storedImageToSend(
  request: FastifyRequest,
  storage: FileStorage,
  image: { storageKey: string; fileNameStem: string; code: string },
): Promise<FileToSend | undefined> {
  const type = await storedImageType(storage, image.storageKey);
  if (!type) {
    request.log.error({ file: image.code }, 'a row names image bytes the storage does not have');
    return undefined;
  }
  return {
    file_name: `${image.fileNameStem}.${type.ext}`,
    file_content_type: type.mime,
    file_storage_key: image.storageKey,
    disposition: 'inline',
    cacheControl: 'private, max-age=86400',
  };
}
