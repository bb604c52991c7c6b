import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { storeReceivedFile } from '#server/api/kit/call-uploads.ts';
import { serveCall } from '#server/api/kit/serve-call.ts';
import { acceptUploads } from '#server/api/kit/uploaded-files.ts';
import { type CallUpload, defineCall } from '#server/contracts/call.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { AppError } from '#server/errors.ts';
import { errorHandlerPlugin } from '#server/plugins/error-handler.ts';
import { admits, type Viewer, type ViewerFor } from '#server/plugins/request-context.ts';
import { zodValidatorCompiler } from '#server/plugins/request-validation.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';

/**
 * A call with a file (server/contracts/call.ts `upload`, read by server/api/kit/call-uploads.ts,
 * decision 0111): what the declaration refuses before the handler runs, what the handler is given,
 * and that a call failing after its bytes were stored leaves none. A bare Fastify with the real
 * error handler and validator; the request context and the file storage are in memory.
 */

const STAFF: Viewer = {
  kind: 'staff',
  userId: 3,
  userType: 'bank_admin',
  user: { user_is_super_user: false, permitted_actions: [] },
} as unknown as Viewer;

const SMALL = {
  maxBytes: 300,
  contentTypes: ['image/png'],
  messages: { tooLarge: '小さすぎる枠を超えました', typeRefused: 'PNGだけです' },
};
const LARGE = {
  maxBytes: 100_000,
  contentTypes: ['image/png', 'application/pdf'],
  messages: { tooLarge: '大きい枠を超えました', typeRefused: 'PNGかPDFだけです' },
};

const UPLOAD: CallUpload = {
  field: 'file',
  missingMessage: 'ファイルを選択してください',
  limits: { by: 'kind', of: { small: SMALL, large: LARGE } },
};

const uploadCall = defineCall({
  domain: 'news',
  method: 'POST',
  path: '/api/v1/test/upload',
  upload: UPLOAD,
  body: z.object({ kind: z.enum(['small', 'large'], { error: () => '選択肢の中から選んでください' }) }),
  result: z.object({ code: z.string(), type: z.string(), size: z.int(), kind: z.string() }),
  access: 'bank',
  summary: 'テスト',
});

interface Stored {
  bytes: Map<string, Buffer>;
}

function memoryStorage(stored: Stored): FileStorage {
  return {
    put: async (key, body) => {
      stored.bytes.set(key, body);
    },
    get: async () => undefined,
    delete: async (key) => {
      stored.bytes.delete(key);
    },
  };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The app, its handler failing (after the bytes are stored) when `fail` says so. */
async function uploadApp(stored: Stored, options: { fail?: boolean; ran?: { count: number } } = {}) {
  app = Fastify();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', null as never);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { tenant: { code: string } }).tenant = { code: '0182' };
  });
  app.decorateRequest('viewerFor', async (access: Parameters<typeof admits>[0]) => {
    if (!admits(access, STAFF)) throw new AppError('forbidden', 403, '権限がありません');
    return STAFF as ViewerFor<typeof access>;
  });
  app.decorateRequest('inBank', async <T>(work: (tx: DbTransaction) => Promise<T>) =>
    work({ insert: () => ({ values: async () => undefined }) } as unknown as DbTransaction),
  );
  const storage = memoryStorage(stored);
  await app.register(async (scope) => {
    await acceptUploads(scope, { largestFileBytes: LARGE.maxBytes, fields: 1, parts: 2 });
    serveCall(
      scope,
      uploadCall,
      {
        before: (context) => storeReceivedFile(context, storage, (bank, code) => `${bank}/test/${code}`),
        handle: async ({ prepared, file, body }) => {
          if (options.ran) options.ran.count += 1;
          if (options.fail) throw new Error('the row could not be written');
          return { code: prepared.code, type: file.type.mime, size: file.bytes.length, kind: body.kind };
        },
      },
      { audit: { action: 'CREATE' } },
    );
  });
  await app.ready();
  return app;
}

/** A multipart body of `parts` in order: text fields, and files as { name, bytes }. */
function multipart(parts: [string, string | { name: string; bytes: Buffer }][]) {
  const boundary = '----upload-call-kit';
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    const head =
      typeof value === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      typeof value === 'string' ? Buffer.from(value) : value.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function send(served: FastifyInstance, parts: [string, string | { name: string; bytes: Buffer }][]) {
  const body = multipart(parts);
  return served.inject({
    method: 'POST',
    url: '/api/v1/test/upload',
    payload: body.payload,
    headers: body.headers,
  });
}

const png = (width: number) =>
  sharp({ create: { width, height: width, channels: 3, background: '#3366cc' } })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe('a call with a file', () => {
  it('hands the handler the parsed fields and the file, typed by its bytes, and stores it', async () => {
    const stored: Stored = { bytes: new Map() };
    const served = await uploadApp(stored);
    const answer = await send(served, [
      ['kind', 'large'],
      ['file', { name: 'photo.pdf', bytes: await png(8) }],
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().result;
    // Named .pdf, told a PNG by its content.
    expect(result).toMatchObject({ type: 'image/png', kind: 'large' });
    expect([...stored.bytes.keys()]).toEqual([`0182/test/${result.code}`]);
  });

  it('refuses a body that is not multipart with the missing-file message under the field', async () => {
    const served = await uploadApp({ bytes: new Map() });
    const answer = await served.inject({
      method: 'POST',
      url: '/api/v1/test/upload',
      payload: { kind: 'large' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ file: ['ファイルを選択してください'] });
  });

  it('refuses a field the body schema refuses with its message, and a part the call does not name', async () => {
    const ran = { count: 0 };
    const served = await uploadApp({ bytes: new Map() }, { ran });
    const wrongKind = await send(served, [
      ['kind', 'huge'],
      ['file', { name: 'a.png', bytes: await png(4) }],
    ]);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors).toEqual({ kind: ['選択肢の中から選んでください'] });
    const stray = await send(served, [
      ['kind', 'large'],
      ['note', 'x'],
      ['file', { name: 'a.png', bytes: await png(4) }],
    ]);
    expect(stray.statusCode).toBe(400);
    expect(ran.count).toBe(0);
  });

  it('holds the file to the limits its field chooses, also when the file came first', async () => {
    const stored: Stored = { bytes: new Map() };
    const served = await uploadApp(stored);
    const big = await png(40);
    expect(big.length).toBeGreaterThan(SMALL.maxBytes);
    const afterField = await send(served, [
      ['kind', 'small'],
      ['file', { name: 'a.png', bytes: big }],
    ]);
    expect(afterField.statusCode).toBe(422);
    expect(afterField.json().errors).toEqual({ file: [SMALL.messages.tooLarge] });
    // Before its field, the file is read to the largest limit, then held to its own.
    const beforeField = await send(served, [
      ['file', { name: 'a.png', bytes: big }],
      ['kind', 'small'],
    ]);
    expect(beforeField.statusCode).toBe(422);
    expect(beforeField.json().errors).toEqual({ file: [SMALL.messages.tooLarge] });
    expect(stored.bytes.size).toBe(0);
  });

  it('refuses a type the chosen limits do not take, told by the content, with their message', async () => {
    const served = await uploadApp({ bytes: new Map() });
    const text = await send(served, [
      ['kind', 'small'],
      ['file', { name: 'a.png', bytes: Buffer.from('not an image at all') }],
    ]);
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ file: [SMALL.messages.typeRefused] });
  });

  it('refuses a body without the file', async () => {
    const served = await uploadApp({ bytes: new Map() });
    const answer = await send(served, [['kind', 'large']]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ file: ['ファイルを選択してください'] });
  });

  it('removes the stored bytes again when the call fails after its before step', async () => {
    const stored: Stored = { bytes: new Map() };
    const served = await uploadApp(stored, { fail: true });
    const answer = await send(served, [
      ['kind', 'large'],
      ['file', { name: 'a.png', bytes: await png(4) }],
    ]);
    expect(answer.statusCode).toBe(500);
    expect(stored.bytes.size).toBe(0);
  });
});
