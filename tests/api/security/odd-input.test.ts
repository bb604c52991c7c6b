import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { inquiries } from '#server/db/schema/inquiries.ts';
import { JSON_MAX_DEPTH } from '#server/plugins/json-body.ts';
import { BANK_A, expectEnvelopeRefusal, startSecurityWorld } from './security-world.ts';
import type { World } from '#tests/support/world.ts';
import { VALID_INQUIRY } from '../inquiry/valid-inquiry.ts';

/**
 * Odd input is a 400 with the spec's envelope, never a 500: text PostgreSQL cannot store, malformed
 * multipart bodies, JSON nested past any form's depth. The walk over every route is route-walk.test.ts.
 */

const UNSTORABLE = VALIDATION_MESSAGES.unstorableCharacter;

let world: World;
beforeAll(async () => {
  world = await startSecurityWorld();
});
afterAll(async () => {
  await world?.close();
});

const inquiryCount = () =>
  world.app.db.withBank(BANK_A, async (tx) => (await tx.select({ n: count() }).from(inquiries))[0]?.n ?? 0);

describe('text no column can store', () => {
  it.each([
    ['a NUL', '小林\u0000洋子'],
    ['a lone high surrogate', '小林\ud800洋子'],
    ['a lone low surrogate', '\udc00'],
  ])('refuses %s in the public inquiry with the field message, and stores nothing', async (_name, text) => {
    const before = await inquiryCount();
    const response = await world.send(BANK_A, 'visitor', {
      method: 'POST',
      url: '/api/v1/inquiry',
      payload: { ...VALID_INQUIRY, inquiry_name: text },
    });
    const body = expectEnvelopeRefusal(response, 400);
    expect(body.errors).toEqual({ inquiry_name: [UNSTORABLE] });
    expect(await inquiryCount()).toBe(before);
  });

  it('refuses a NUL in a news title written by the staff', async () => {
    const response = await world.send(BANK_A, 'bank_admin', {
      method: 'POST',
      url: '/api/v1/admin/news',
      payload: { fields: { article_title: 'お知らせ\u0000' }, attachment_file_codes: [] },
    });
    const body = expectEnvelopeRefusal(response, 400);
    expect(body.errors?.['fields.article_title']).toEqual([UNSTORABLE]);
  });

  it('refuses a NUL in the staff list keyword', async () => {
    const response = await world.send(BANK_A, 'system_admin', {
      method: 'POST',
      url: '/api/v1/admin/news/search',
      payload: { rows: 25, page: 1, conditions: { keyword: '休業\u0000' } },
    });
    const body = expectEnvelopeRefusal(response, 400);
    expect(body.errors?.['conditions.keyword']).toEqual([UNSTORABLE]);
  });

  it('refuses a NUL in the switchable-users keyword (a query parameter)', async () => {
    const response = await world.send(BANK_A, 'system_admin', {
      method: 'GET',
      url: '/api/v1/user/switchable?keyword=%00',
    });
    const body = expectEnvelopeRefusal(response, 400);
    expect(body.errors).toEqual({ keyword: [UNSTORABLE] });
  });

  it('refuses a NUL in a key as well as in a value', async () => {
    const response = await world.send(BANK_A, 'system_admin', {
      method: 'POST',
      url: '/api/v1/admin/news/search',
      payload: { rows: 25, page: 1, conditions: { 'keyword\u0000': 'x' } },
    });
    const body = expectEnvelopeRefusal(response, 400);
    expect(body.errors).toEqual({ conditions: [UNSTORABLE] });
  });
});

describe('malformed bodies', () => {
  const upload = (contentType: string, payload: string) =>
    world.send(BANK_A, 'bank_admin', {
      method: 'POST',
      url: '/api/v1/admin/files',
      payload,
      headers: { 'content-type': contentType },
    });

  it('answers 400 to multipart without a boundary', async () => {
    expectEnvelopeRefusal(await upload('multipart/form-data', 'kind=attachment'), 400);
  });

  it('answers 400 to multipart whose closing boundary never comes', async () => {
    const boundary = `----b${randomBytes(6).toString('hex')}`;
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nattachment\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4 and then nothing';
    expectEnvelopeRefusal(await upload(`multipart/form-data; boundary=${boundary}`, payload), 400);
  });

  it('answers 400 to multipart whose part headers are broken', async () => {
    const boundary = `----b${randomBytes(6).toString('hex')}`;
    const payload = `--${boundary}\r\nthis is no header\r\n\r\nx\r\n--${boundary}--\r\n`;
    expectEnvelopeRefusal(await upload(`multipart/form-data; boundary=${boundary}`, payload), 400);
  });

  it('answers 400 to a file name holding a NUL, and stores no file', async () => {
    const boundary = `----b${randomBytes(6).toString('hex')}`;
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nattachment\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00.pdf\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`;
    const body = expectEnvelopeRefusal(
      await upload(`multipart/form-data; boundary=${boundary}`, payload),
      400,
    );
    expect(body.errors).toEqual({ file: [UNSTORABLE] });
  });

  it(`answers 400 to JSON nested deeper than ${JSON_MAX_DEPTH} levels, before any check reads it`, async () => {
    const depth = 100_000;
    const response = await world.send(BANK_A, 'visitor', {
      method: 'POST',
      url: '/api/v1/inquiry',
      payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    });
    expectEnvelopeRefusal(response, 400);
  });

  it(`accepts JSON as deep as ${JSON_MAX_DEPTH} levels (the limit is not off by one)`, async () => {
    const nested = JSON.parse(`${'['.repeat(JSON_MAX_DEPTH - 1)}${']'.repeat(JSON_MAX_DEPTH - 1)}`);
    const response = await world.send(BANK_A, 'visitor', {
      method: 'POST',
      url: '/api/v1/inquiry',
      payload: { ...VALID_INQUIRY, nested },
    });
    // The body (one level) holding 31 more is parsed; the schema then drops the unknown field.
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 400 to JSON that does not parse, and to a prototype-poisoning key', async () => {
    for (const payload of ['{', '{"__proto__": {"admin": true}}']) {
      const response = await world.send(BANK_A, 'visitor', {
        method: 'POST',
        url: '/api/v1/inquiry',
        payload,
      });
      expectEnvelopeRefusal(response, 400);
    }
  });
});
