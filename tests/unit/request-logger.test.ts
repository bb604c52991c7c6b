import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, writeFlatLine } from '#server/logging.ts';
import { RequestLogger, requestLoggerFactory } from '#server/request-logger.ts';

/** A logger made as the gateway's, writing into `lines`. */
function capturedLogger(level: pino.Level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  return { logger: createLogger({ level }, sink), lines };
}

/** What a pino child of `logger` with `bindings` writes for the same call, without its time. */
function pinoChildLine(bindings: pino.Bindings, fields: object, msg: string) {
  const { logger, lines } = capturedLogger();
  logger.child(bindings).info(fields, msg);
  const { time: _time, ...line } = lines[0]!;
  return line;
}

describe('the request logger', () => {
  it('writes the line a pino child would, field for field and in the same order', () => {
    const { logger, lines } = capturedLogger();
    const request = requestLoggerFactory(logger, { reqId: 'r-1' }, {}).child({ bank: '0182' });
    expect(request).toBeInstanceOf(RequestLogger);
    request.info({ method: 'GET', route: '/*', status: 200, ms: 0.4 }, 'request');
    const { time, ...line } = lines[0]!;
    expect(time).toEqual(expect.any(Number));
    expect(line).toEqual(
      pinoChildLine(
        { reqId: 'r-1', bank: '0182' },
        { method: 'GET', route: '/*', status: 200, ms: 0.4 },
        'request',
      ),
    );
    expect(Object.keys(line)).toEqual([
      'level',
      'pid',
      'hostname',
      'reqId',
      'bank',
      'method',
      'route',
      'status',
      'ms',
      'msg',
    ]);
  });

  it('still redacts personal fields and serialises errors, as pino does', () => {
    const { logger, lines } = capturedLogger();
    const request = requestLoggerFactory(logger, { reqId: 'r-2' }, {});
    request.warn({ email: 'hanako@example.jp', user: { tel: '090-0000-0000' } }, 'odd');
    request.error(new Error('broken'));
    request.info({ err: new Error('inner') }, 'failed');
    expect(lines[0]).toMatchObject({ reqId: 'r-2', email: REDACTED, user: { tel: REDACTED }, msg: 'odd' });
    expect(lines[1]).toMatchObject({
      reqId: 'r-2',
      level: 50,
      err: expect.objectContaining({ message: 'broken' }),
    });
    expect(lines[2]).toMatchObject({ reqId: 'r-2', err: expect.objectContaining({ message: 'inner' }) });
    expect(JSON.stringify(lines)).not.toContain('hanako');
  });

  it('writes nothing below its level, and interpolates a message with arguments', () => {
    const { logger, lines } = capturedLogger('warn');
    const request = requestLoggerFactory(logger, { reqId: 'r-3' }, {});
    request.info({ status: 200 }, 'request');
    request.debug('quiet');
    request.warn('slow answer from %s', 'the provider');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-3', msg: 'slow answer from the provider' })]);
  });

  it("gives a route's own log level a real pino child", () => {
    const { logger, lines } = capturedLogger();
    const probe = requestLoggerFactory(logger, { reqId: 'r-4' }, { level: 'warn' });
    expect(probe).not.toBeInstanceOf(RequestLogger);
    probe.info('not written');
    probe.warn('written');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-4', msg: 'written' })]);
  });
});

describe('writeFlatLine', () => {
  it('leaves a logger createLogger did not make to pino', () => {
    const lines: string[] = [];
    const plain = pino(
      { level: 'info', formatters: { level: (label) => ({ level: label }) } },
      { write: (line: string) => void lines.push(line) },
    );
    writeFlatLine(plain, 'info', { status: 200 }, 'request');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', status: 200, msg: 'request' });
  });

  it('escapes what it writes', () => {
    const { logger, lines } = capturedLogger();
    writeFlatLine(logger, 'info', { route: '/a"b\\c\n', ms: 1.5, ok: true, gone: null }, 'quote " here');
    expect(lines[0]).toMatchObject({
      route: '/a"b\\c\n',
      ms: 1.5,
      ok: true,
      gone: null,
      msg: 'quote " here',
    });
  });
});
