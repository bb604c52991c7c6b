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
    await testApp.app.inject({
      url: '/api/v1/buildinfo',
      headers: { host: devHost('0158'), cookie: 'sid=secret-session', authorization: 'Bearer secret-token' },
    });
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ bank: '0158' });
    expect(typeof completed?.reqId).toBe('string');
    expect(JSON.stringify(lines)).not.toContain('secret-session');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});
