import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTokenHash } from '#server/auth/random-tokens.ts';
import {
  FILE_MISSING_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  UNKNOWN_FILE_MESSAGE,
} from '#server/contracts/news.ts';
import { REGISTRATION_CALL_MESSAGES } from '#server/contracts/registration.ts';
import {
  IDENTIFICATION_MAX_BYTES,
  IDENTIFICATION_MESSAGES,
  identificationFileUrl,
} from '#server/contracts/registration-identification.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import {
  auditEvents,
  companyRegistrations,
  registrationDrafts,
  registrationFiles,
} from '#server/db/schema.ts';
import { createLogger } from '#server/logging.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import {
  TINY_PDF,
  TINY_PNG,
  type UploadFile,
  uploadIdentification,
} from '#tests/support/identification-upload.ts';
import { gatewayHost } from '#tests/support/login.ts';
import { APPLICATION_STEPS } from '#tests/support/registration-application.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * The identification document (本人確認書類) of an application: uploaded to the draft without a
 * login, checked by its content, one per draft, required at sending, read by the bank's admins.
 */

const BANK = '0182';
const OTHER_BANK = '0158';
const bankStep = { ...APPLICATION_STEPS.bank, has_no_bank_branch: true, bb_id: '' };
const PNG_FILE: UploadFile = { name: '運転免許証.png', bytes: TINY_PNG, contentType: 'image/png' };

const logLines: string[] = [];
let world: World;
let storage: FileStorage;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  world = await startWorld({
    banks: [BANK, OTHER_BANK],
    gateway: {
      env: { REGISTRATION_RATE_LIMIT_MAX: '1000' },
      logger: createLogger({ level: 'info' }, sink),
    },
  });
  storage = createFileStorage(world.app.config);
});
afterAll(async () => {
  await world?.close();
});

const visitor = (code: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  world.send(code, 'visitor', { method, url, payload });

async function startDraft(code = BANK, variant = 'ba'): Promise<string> {
  const answer = await visitor(code, 'POST', '/api/v1/register/drafts', {
    variant,
    agree1: true,
    agree1_at: new Date().toISOString(),
    anti_social_check: true,
    agree2: true,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result.draft_id as string;
}

const saveStep = (draftId: string, step: string, values: object, code = BANK) =>
  visitor(code, 'PUT', '/api/v1/register/drafts', { draft_id: draftId, step, values });
const readDraft = (draftId: string, code = BANK) =>
  visitor(code, 'POST', '/api/v1/register/drafts/read', { draft_id: draftId });
const send = (draftId: string, code = BANK) =>
  visitor(code, 'POST', '/api/v1/register', { draft_id: draftId });
const upload = (draftId: string, file: UploadFile = PNG_FILE, code = BANK) =>
  uploadIdentification(world.app, gatewayHost(code), { draftId, file });

/** A draft with every step of the ba variant saved; the documents step as `documents` says. */
async function filledDraft(documents: object = APPLICATION_STEPS.documents): Promise<string> {
  const draftId = await startDraft();
  const steps = { ...APPLICATION_STEPS, bank: bankStep, documents };
  for (const [step, values] of Object.entries(steps)) {
    const saved = await saveStep(draftId, step, values);
    expect(saved.statusCode, `${step}: ${saved.body}`).toBe(200);
  }
  return draftId;
}

const filesOfDraft = (draftId: string, code = BANK) =>
  world.db.withBank(code, (tx) =>
    tx
      .select()
      .from(registrationFiles)
      .where(eq(registrationFiles.draft_token_hash, storedTokenHash(draftId))),
  );
const fileRow = async (fileCode: string, code = BANK) => {
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select().from(registrationFiles).where(eq(registrationFiles.file_unique_code, fileCode)),
  );
  return row;
};
const expireDraft = (draftId: string, code = BANK) =>
  world.db.withBank(code, (tx) =>
    tx
      .update(registrationDrafts)
      .set({ draft_expires_at: sql`now() - interval '1 second'` })
      .where(eq(registrationDrafts.draft_token_hash, storedTokenHash(draftId))),
  );
const storedBytes = async (key: string) => {
  const stored = await storage.get(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const readAs = (code: string, as: Actor, fileCode: string) =>
  world.send(code, as, { method: 'GET', url: identificationFileUrl(fileCode) });

describe('the upload of the identification document', () => {
  it('stores a PNG and a PDF, told by their content, and names the file in the draft', async () => {
    const draftId = await startDraft();
    logLines.length = 0;
    const png = await upload(draftId);
    expect(png.statusCode, png.body).toBe(200);
    const file = png.json().result;
    expect(file).toEqual({
      file_unique_code: expect.stringMatching(/^[0-9a-f]{32}$/),
      file_name: '運転免許証.png',
      file_size: TINY_PNG.length,
      file_content_type: 'image/png',
    });
    const draft = (await readDraft(draftId)).json().result;
    expect(draft.values.identification_file_unique_code).toBe(file.file_unique_code);

    const row = await fileRow(file.file_unique_code);
    expect(row).toMatchObject({ draft_token_hash: storedTokenHash(draftId), cr_unique_code: null });
    expect(row?.file_storage_key).toBe(`${BANK}/registrations/${file.file_unique_code}`);
    expect(await storedBytes(row!.file_storage_key)).toEqual(TINY_PNG);

    // A visitor's command: its audit row, without an actor.
    const audits = await world.db.withBank(BANK, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.target_type, 'registration'), eq(auditEvents.target_id, file.file_unique_code)),
        ),
    );
    expect(audits).toMatchObject([{ action: 'DRAFT', actor_user_id: null }]);

    // The log names the file by its code and size, never by its name or the draft's id.
    const logged = logLines.join('');
    expect(logged).toContain(file.file_unique_code);
    expect(logged).not.toContain('運転免許証');
    expect(logged).not.toContain(draftId);

    // A scan as a PDF, whatever the browser calls it.
    const other = await startDraft();
    const pdf = await upload(other, { name: 'juminhyo.pdf', bytes: TINY_PDF });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().result).toMatchObject({
      file_name: 'juminhyo.pdf',
      file_content_type: 'application/pdf',
    });
  });

  it('refuses a text file named .png with the type message, keeping nothing', async () => {
    const draftId = await startDraft();
    const answer = await upload(draftId, {
      name: 'menkyo.png',
      bytes: Buffer.from('これは画像ではありません\n'),
      contentType: 'image/png',
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      message: FILE_TYPE_REFUSED_MESSAGE,
      errors: { file: [FILE_TYPE_REFUSED_MESSAGE] },
    });
    expect(await filesOfDraft(draftId)).toEqual([]);
    expect((await readDraft(draftId)).json().result.values.identification_file_unique_code).toBeUndefined();
  });

  it('refuses a file over 5 MB, and an upload without a file or without the draft first, on their fields', async () => {
    const draftId = await startDraft();
    expect(IDENTIFICATION_MESSAGES.tooLarge).toContain(`${IDENTIFICATION_MAX_BYTES / 1048576}MB`);
    const large = await upload(draftId, {
      name: 'large.png',
      bytes: Buffer.concat([TINY_PNG, Buffer.alloc(IDENTIFICATION_MAX_BYTES + 1 - TINY_PNG.length)]),
    });
    expect(large.statusCode).toBe(422);
    expect(large.json().errors).toEqual({ file: [IDENTIFICATION_MESSAGES.tooLarge] });
    // Exactly at the limit is accepted.
    const atLimit = await upload(draftId, {
      name: 'limit.png',
      bytes: Buffer.concat([TINY_PNG, Buffer.alloc(IDENTIFICATION_MAX_BYTES - TINY_PNG.length)]),
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);

    const noFile = await uploadIdentification(world.app, gatewayHost(BANK), { draftId });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: [FILE_MISSING_MESSAGE] });

    const fileFirst = await uploadIdentification(world.app, gatewayHost(BANK), { file: PNG_FILE });
    expect(fileFirst.statusCode).toBe(400);
    expect(fileFirst.json().errors).toEqual({ draft_id: [REGISTRATION_CALL_MESSAGES.draftGone] });

    const badId = await uploadIdentification(world.app, gatewayHost(BANK), {
      fields: { draft_id: 'not-a-draft' },
      file: PNG_FILE,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual({ draft_id: [REGISTRATION_CALL_MESSAGES.draftGone] });
  });

  it('answers 404 for no draft, an expired one, another bank’s, and a variant that asks no document', async () => {
    const expectGone = async (draftId: string, code = BANK) => {
      const answer = await upload(draftId, PNG_FILE, code);
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().message).toBe(REGISTRATION_CALL_MESSAGES.draftGone);
    };
    await expectGone(randomBytes(32).toString('base64url'));

    const expired = await startDraft();
    await expireDraft(expired);
    await expectGone(expired);

    const foreign = await startDraft(OTHER_BANK, 'ba');
    await expectGone(foreign, BANK);
    expect(await filesOfDraft(foreign, OTHER_BANK)).toEqual([]);

    // The social variant asks no documents step; the other bank's hgba neither.
    await expectGone(await startDraft(BANK, 'social'));
    await expectGone(await startDraft(OTHER_BANK, 'hgba'), OTHER_BANK);
  });

  it('checks the draft before reading the file: a file over 5 MB to a gone draft is its 404, not the size’s 422', async () => {
    const large: UploadFile = {
      name: 'large.png',
      bytes: Buffer.concat([TINY_PNG, Buffer.alloc(IDENTIFICATION_MAX_BYTES + 1 - TINY_PNG.length)]),
    };
    const expired = await startDraft();
    await expireDraft(expired);
    const gone = await upload(expired, large);
    expect(gone.statusCode, gone.body).toBe(404);
    expect(gone.json().message).toBe(REGISTRATION_CALL_MESSAGES.draftGone);

    const fileFirst = await uploadIdentification(world.app, gatewayHost(BANK), { file: large });
    expect(fileFirst.statusCode).toBe(400);
    expect(fileFirst.json().errors).toEqual({ draft_id: [REGISTRATION_CALL_MESSAGES.draftGone] });
  });

  it('replaces the draft’s file with a new upload, its row and its bytes', async () => {
    const draftId = await startDraft();
    const first = (await upload(draftId)).json().result.file_unique_code as string;
    const firstKey = (await fileRow(first))!.file_storage_key;
    const second = await upload(draftId, { name: 'scan.pdf', bytes: TINY_PDF });
    expect(second.statusCode, second.body).toBe(200);
    const secondCode = second.json().result.file_unique_code as string;

    expect((await filesOfDraft(draftId)).map((row) => row.file_unique_code)).toEqual([secondCode]);
    expect(await fileRow(first)).toBeUndefined();
    expect(await storage.get(firstKey)).toBeUndefined();
    expect((await readDraft(draftId)).json().result.values.identification_file_unique_code).toBe(secondCode);
  });

  it('removes the files of expired drafts, rows and bytes, with the next upload or draft of the bank', async () => {
    const sweptByUpload = await startDraft();
    const first = (await upload(sweptByUpload)).json().result.file_unique_code as string;
    const firstKey = (await fileRow(first))!.file_storage_key;
    // The next draft is started first: starting one sweeps too (below).
    const next = await startDraft();
    await expireDraft(sweptByUpload);
    expect((await upload(next)).statusCode).toBe(200);
    expect(await fileRow(first)).toBeUndefined();
    expect(await storage.get(firstKey)).toBeUndefined();

    const sweptByDraft = await startDraft();
    const second = (await upload(sweptByDraft)).json().result.file_unique_code as string;
    const secondKey = (await fileRow(second))!.file_storage_key;
    await expireDraft(sweptByDraft);
    await startDraft();
    expect(await fileRow(second)).toBeUndefined();
    expect(await storage.get(secondKey)).toBeUndefined();
  });
});

describe('sending with the identification document', () => {
  const applications = async () =>
    world.db.withBank(BANK, async (tx) => (await tx.select().from(companyRegistrations)).length);

  it('refuses to send without a file uploaded to the draft, on identification_file_unique_code', async () => {
    const before = await applications();
    // The step names a code, but nothing was uploaded to this draft.
    const neverUploaded = await filledDraft();
    const refused = await send(neverUploaded);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ identification_file_unique_code: [UNKNOWN_FILE_MESSAGE] });

    // Another draft's file is not this draft's.
    const other = await startDraft();
    const othersFile = (await upload(other)).json().result.file_unique_code as string;
    const borrowing = await filledDraft({
      ...APPLICATION_STEPS.documents,
      identification_file_unique_code: othersFile,
    });
    const borrowed = await send(borrowing);
    expect(borrowed.statusCode).toBe(422);
    expect(borrowed.json().errors).toEqual({ identification_file_unique_code: [UNKNOWN_FILE_MESSAGE] });
    expect(await fileRow(othersFile)).toMatchObject({ draft_token_hash: storedTokenHash(other) });

    // No code at all: the form's own rule (required).
    const empty = await filledDraft({ has_other_manager: false });
    const missing = await send(empty);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      identification_file_unique_code: [VALIDATION_MESSAGES.required],
    });

    expect(await applications()).toBe(before);
    expect((await readDraft(neverUploaded)).statusCode).toBe(200);
  });

  describe('once sent', () => {
    let crCode: string;
    let fileCode: string;
    let draftId: string;
    beforeAll(async () => {
      draftId = await filledDraft();
      fileCode = (await upload(draftId)).json().result.file_unique_code as string;
      const sent = await send(draftId);
      expect(sent.statusCode, sent.body).toBe(200);
      crCode = sent.json().result.cr_unique_code as string;
    });

    it('binds the file to the application, which the desk’s detail shows', async () => {
      expect(await fileRow(fileCode)).toMatchObject({ cr_unique_code: crCode, draft_token_hash: null });
      const [application] = await world.db.withBank(BANK, (tx) =>
        tx.select().from(companyRegistrations).where(eq(companyRegistrations.cr_unique_code, crCode)),
      );
      expect(application?.cr_values.identification_file_unique_code).toBe(fileCode);

      const detail = await world.send(BANK, 'bank_admin', {
        method: 'GET',
        url: `/api/v1/companyregister/detail/${crCode}`,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().result.identification_file).toEqual({
        file_unique_code: fileCode,
        file_name: '運転免許証.png',
        file_size: TINY_PNG.length,
        file_content_type: 'image/png',
      });
    });

    it('lets the bank’s admins download it, as an attachment that never runs as a page', async () => {
      for (const admin of ['bank_admin', 'system_admin'] as const) {
        const answer = await readAs(BANK, admin, fileCode);
        expect(answer.statusCode, `${admin}: ${answer.body}`).toBe(200);
        expect(answer.rawPayload).toEqual(TINY_PNG);
        expect(answer.headers).toMatchObject({
          'content-type': 'image/png',
          'content-length': String(TINY_PNG.length),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
        });
        expect(answer.headers['content-disposition']).toBe(
          `attachment; filename="_____.png"; filename*=UTF-8''${encodeURIComponent('運転免許証.png')}`,
        );
      }
    });

    it('refuses the branch staff, the companies and visitors, and answers 404 to another bank’s admin', async () => {
      const refusals: [Actor, number][] = [
        ['branch_admin', 403],
        ['branch_user', 403],
        ['company_owner', 403],
        ['visitor', 401],
      ];
      for (const [actor, status] of refusals) {
        const answer = await readAs(BANK, actor, fileCode);
        expect(answer.statusCode, actor).toBe(status);
        expect(answer.body).not.toContain('PNG');
      }
      const foreign = await readAs(OTHER_BANK, 'bank_admin', fileCode);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain('PNG');
    });

    it('answers 404 for a draft’s file (not sent yet) and for codes that name nothing', async () => {
      const pending = await startDraft();
      const pendingFile = (await upload(pending)).json().result.file_unique_code as string;
      expect((await readAs(BANK, 'bank_admin', pendingFile)).statusCode).toBe(404);
      expect((await readAs(BANK, 'bank_admin', randomBytes(16).toString('hex'))).statusCode).toBe(404);
      expect((await readAs(BANK, 'bank_admin', 'not-a-code')).statusCode).toBe(404);
    });
  });
});
