import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessLogController, type AccessLogOptions } from '#server/access-log.ts';
import { createLogger } from '#server/logging.ts';
import { requestLoggerFactory } from '#server/request-logger.ts';

/** A small Fastify app with the gateway's access log, a bank on each request's logger, and its lines. */
async function appWithAccessLog(options: Partial<AccessLogOptions> = {}) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: createLogger({ level: 'info' }, sink),
    childLoggerFactory: requestLoggerFactory,
    logController: new AccessLogController({ level: 'info', staticSampleRate: 1, ...options }),
  });
  app.addHook('onRequest', async (request, reply) => {
    request.log = request.log.child({ bank: '0182' });
    reply.log = request.log;
  });
  app.post('/api/v1/inquiry/:id', async () => ({ status: 'ok' }));
  app.get('/assets/*', async () => 'asset');
  app.get('/*', async () => 'index.html');
  app.get('/boom', async () => {
    throw new Error('broken');
  });
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  await app.ready();
  opened.push(app);
  return { app, lines };
}

const opened: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

describe('the access log', () => {
  it('writes one line per request: method, route pattern, status, duration, bank and request id — no body, no query', async () => {
    const { app, lines } = await appWithAccessLog();
    await app.inject({
      method: 'POST',
      url: '/api/v1/inquiry/42?keyword=秘密の検索語',
      headers: { cookie: 'portal_session=secret-session', 'content-type': 'application/json' },
      payload: { inquiry_email: 'hanako@example.jp', inquiry_body: '個人的な相談です' },
    });
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'POST',
      route: '/api/v1/inquiry/:id',
      status: 200,
      bank: '0182',
    });
    expect(line?.ms).toEqual(expect.any(Number));
    expect(line?.reqId).toEqual(expect.any(String));
    const written = JSON.stringify(lines);
    for (const secret of ['hanako@example.jp', '個人的な相談', '秘密の検索語', 'secret-session', '/42'])
      expect(written).not.toContain(secret);
  });

  it('names no route for a path no route answers, and writes one line for it', async () => {
    const { app, lines } = await appWithAccessLog();
    await app.inject({ method: 'DELETE', url: '/no/such/path/4242' });
    expect(lines).toEqual([expect.objectContaining({ msg: 'request', route: null, status: 404 })]);
    expect(JSON.stringify(lines)).not.toContain('4242');
  });

  it('logs a share of the successful asset requests, and every failed one', async () => {
    const draws = [0.05, 0.5, 0.09, 0.95];
    const { app, lines } = await appWithAccessLog({
      staticSampleRate: 0.1,
      random: () => draws.shift() ?? 1,
    });
    for (let index = 0; index < 4; index++) await app.inject({ url: `/assets/index-${index}.js` });
    expect(lines.map((line) => line.route)).toEqual(['/assets/*', '/assets/*']);
    await app.inject({ method: 'POST', url: '/assets/x.js' });
    expect(lines.at(-1)).toMatchObject({ route: null, status: 404 });
  });

  it("samples the bank's index.html like a static file: its line says only GET /* 200", async () => {
    const draws = [0.5, 0.05];
    const { app, lines } = await appWithAccessLog({
      staticSampleRate: 0.1,
      random: () => draws.shift() ?? 1,
    });
    await app.inject({ url: '/mypage/news' });
    expect(lines).toEqual([]);
    await app.inject({ url: '/mypage/news' });
    expect(lines).toEqual([expect.objectContaining({ method: 'GET', route: '/*', status: 200 })]);
    await app.inject({ method: 'POST', url: '/api/v1/inquiry/1' });
    expect(lines.at(-1)).toMatchObject({ route: '/api/v1/inquiry/:id' });
  });

  it('writes a failed request at its level, and nothing at all when the access log is silent', async () => {
    const loud = await appWithAccessLog();
    await loud.app.inject({ url: '/boom' });
    expect(loud.lines.filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({ route: '/boom', status: 500 }),
    ]);

    const quiet = await appWithAccessLog({ level: 'silent' });
    await quiet.app.inject({ method: 'POST', url: '/api/v1/inquiry/1' });
    await quiet.app.inject({ url: '/healthz' });
    expect(quiet.lines).toEqual([]);
  });

  it('writes no line for a probe, whose route logs at warn', async () => {
    const { app, lines } = await appWithAccessLog();
    await app.inject({ url: '/healthz' });
    expect(lines).toEqual([]);
  });
});
