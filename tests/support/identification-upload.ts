import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { uploadIdentificationCall } from '#server/contracts/registration.ts';

/**
 * An applicant's upload of the identification document (本人確認書類) to a registration draft, as
 * the documents step's FormData sends it: `draft_id`, then the file.
 */

/**
 * A 1×1 PNG as the portal stores one: the image kit re-encodes every upload without its metadata
 * (server/api/kit/uploaded-images.ts), and sharp's encoding of these bytes is these bytes, so a
 * test can compare what it sent with what is served.
 */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAsTAAALEwEAmpwYAAAADUlEQVR4nGNgYPhfDwACggF/FjslngAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest PDF a reader opens: header, an empty catalog, trailer. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

export interface UploadFile {
  name: string;
  bytes: Buffer;
  contentType?: string;
}

/** A multipart/form-data body: the fields in order, then the file (in the field `file`). */
export function multipartBody(fields: Record<string, string>, file?: UploadFile) {
  const boundary = `----formdata-${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * POSTs the upload to the bank's `host` (gatewayHost or devHost) as its registration page does:
 * same origin, X-Requested-With, no login. `fields` default to the draft's id alone.
 */
export function uploadIdentification(
  app: FastifyInstance,
  host: string,
  options: { draftId?: string; fields?: Record<string, string>; file?: UploadFile },
): Promise<LightMyRequestResponse> {
  const fields = options.fields ?? (options.draftId === undefined ? {} : { draft_id: options.draftId });
  const body = multipartBody(fields, options.file);
  return app.inject({
    method: 'POST',
    url: uploadIdentificationCall.path,
    headers: {
      host,
      origin: `http://${host}`,
      'x-requested-with': 'XMLHttpRequest',
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

/** Uploads a tiny PNG as the draft's identification document; answers its file_unique_code. */
export async function uploadTinyIdentification(
  app: FastifyInstance,
  host: string,
  draftId: string,
): Promise<string> {
  const answer = await uploadIdentification(app, host, {
    draftId,
    file: { name: 'menkyo.png', bytes: TINY_PNG, contentType: 'image/png' },
  });
  if (answer.statusCode !== 200)
    throw new Error(`identification upload: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { result: { file_unique_code: string } }).result.file_unique_code;
}
