import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '#server/contracts/idempotency.ts';
import { companies } from '#server/db/schema.ts';
import { createLogger } from '#server/logging.ts';
import { gatewayHost, gatewayOrigin } from '#tests/support/login.ts';
import { BANK_A, BANK_B, startWorld, type World } from '#tests/support/world.ts';
import { bulkCreateRows } from './company-bulk-create-rows.ts';

/**
 * A bulk create is long (10,000 rows take seconds), and a client may give up on it or lose the
 * answer: the page sends an Idempotency-Key, and a retry of the same key answers the first result
 * instead of creating every company again. The gateway logs the command even when nobody waited.
 */

const CREATE = '/api/v1/company/create_all';
const lines: string[] = [];
let world: World;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  world = await startWorld({ gateway: { logger: createLogger({ level: 'info' }, sink) } });
});
afterAll(async () => {
  await world?.close();
});

const companiesNamed = (bank: string, tag: string) =>
  world.db.withBank(bank, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(companies)
      .where(like(companies.company_name, `${tag}一括登録%`));
    return row?.n ?? 0;
  });

const create = (rows: unknown, key: string | undefined, bank = BANK_A) =>
  world.send(bank, 'bank_admin', {
    method: 'POST',
    url: CREATE,
    payload: { rows },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

/** The create over a real socket, as a browser sends it; `leaveBeforeAnswer`: the tab closes once it is sent. */
async function postOverHttp(
  rows: unknown,
  key: string,
  { leaveBeforeAnswer }: { leaveBeforeAnswer: boolean },
): Promise<{ status: number; body: unknown } | undefined> {
  const cookie = await world.cookieOf(BANK_A, 'bank_admin');
  if (!world.app.server.listening) await world.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = world.app.server.address() as AddressInfo;
  const body = JSON.stringify({ rows });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: CREATE,
        headers: {
          host: gatewayHost(BANK_A),
          origin: gatewayOrigin(BANK_A),
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': key,
          cookie,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', (error) => (leaveBeforeAnswer ? resolve(undefined) : reject(error)));
    request.end(body, () => {
      if (leaveBeforeAnswer) setTimeout(() => (request.destroy(), resolve(undefined)), 50);
    });
  });
}

describe('a bulk create sent again with its key', () => {
  it('answers the first result and creates nothing more', async () => {
    const rows = bulkCreateRows(5, 'retry1', 1);
    const key = 'retry1-key-0123456789abcdef';
    lines.length = 0;
    const first = await create(rows, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toEqual({ created_count: 5 });
    const again = await create(rows, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await companiesNamed(BANK_A, 'retry1')).toBe(5);
    // A client that waited for its answer is in the access log only.
    expect(lines.join('')).not.toContain('after the client left');
  });

  it('does the work once when the retry arrives while the first send still runs', async () => {
    const rows = bulkCreateRows(400, 'retry2', 2);
    const key = 'retry2-key-0123456789abcdef';
    const [one, two] = await Promise.all([create(rows, key), create(rows, key)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().result).toEqual({ created_count: 400 });
    expect(two.json().result).toEqual({ created_count: 400 });
    expect(await companiesNamed(BANK_A, 'retry2')).toBe(400);
  });

  it('refuses the same key with other rows, and a key that is no key', async () => {
    const key = 'retry3-key-0123456789abcdef';
    expect((await create(bulkCreateRows(2, 'retry3', 3), key)).statusCode).toBe(200);
    const other = await create(bulkCreateRows(3, 'retry3b', 4), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ status: 'error', message: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await companiesNamed(BANK_A, 'retry3b')).toBe(0);
    for (const bad of [
      'short',
      'ｋｅｙ-with-full-width-0123456789',
      'x'.repeat(129),
      'a b c d e f g h i j k l',
    ]) {
      const refused = await create(bulkCreateRows(1, 'retry3c', 5), bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
    expect(await companiesNamed(BANK_A, 'retry3c')).toBe(0);
  });

  it('keeps keys apart by bank and by user: another bank’s admin with the same key creates its own', async () => {
    const key = 'retry4-key-0123456789abcdef';
    expect((await create(bulkCreateRows(2, 'retry4', 6), key)).statusCode).toBe(200);
    const otherBank = await create(bulkCreateRows(2, 'retry4', 6), key, BANK_B);
    expect(otherBank.statusCode).toBe(200);
    expect(await companiesNamed(BANK_B, 'retry4')).toBe(2);
    const otherUser = await world.send(BANK_A, 'system_admin', {
      method: 'POST',
      url: CREATE,
      payload: { rows: bulkCreateRows(2, 'retry4s', 8) },
      headers: { 'idempotency-key': key },
    });
    expect(otherUser.statusCode).toBe(200);
    expect(await companiesNamed(BANK_A, 'retry4s')).toBe(2);
  });

  it('is logged when the client gave up before the answer, and its retry answers what was created', async () => {
    const rows = bulkCreateRows(1500, 'retry5', 9);
    const key = 'retry5-key-0123456789abcdef';
    await postOverHttp(rows, key, { leaveBeforeAnswer: true });
    await vi.waitFor(() => expect(lines.join('')).toContain('request completed after the client left'), {
      timeout: 20_000,
      interval: 100,
    });
    const logged = lines.find((line) => line.includes('request completed after the client left')) ?? '';
    expect(JSON.parse(logged)).toMatchObject({ route: CREATE, status: 200, bank: BANK_A });
    expect(await companiesNamed(BANK_A, 'retry5')).toBe(1500);
    lines.length = 0;
    const retry = await postOverHttp(rows, key, { leaveBeforeAnswer: false });
    expect(retry).toMatchObject({ status: 200, body: { result: { created_count: 1500 } } });
    expect(await companiesNamed(BANK_A, 'retry5')).toBe(1500);
    // A client that waited for its answer is in the access log only.
    expect(lines.join('')).not.toContain('after the client left');
  });
});
