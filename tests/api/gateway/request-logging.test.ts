import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';

describe('request logs', () => {
  const lines: Record<string, unknown>[] = [];
  let testApp: TestApp;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')));
        done();
      },
    });
    testApp = await buildTestApp({ logger: pino({ level: 'info' }, sink) });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('carry the request id and the bank code, and no cookie or authorization header', async () => {
    const response = await testApp.app.inject({
      url: '/api/v1/buildinfo',
      headers: { host: devHost('0158'), cookie: 'sid=secret-session', authorization: 'Bearer secret-token' },
    });
    // One access line (server/access-log.ts), none of Fastify's own two.
    expect(
      lines.filter((line) => ['incoming request', 'request completed'].includes(String(line.msg))),
    ).toEqual([]);
    const access = lines.filter((line) => line.msg === 'request');
    expect(access).toEqual([
      expect.objectContaining({
        bank: '0158',
        method: 'GET',
        route: '/api/v1/buildinfo',
        status: response.statusCode,
      }),
    ]);
    expect(typeof access[0]?.reqId).toBe('string');
    expect(JSON.stringify(lines)).not.toContain('secret-session');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});
