import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devHost, sameOriginHeaders, type TestApp } from '#tests/support/app.ts';
import { expectEnvelopeRefusal } from './security-world.ts';

/**
 * What reaches the gateway before any route: requests Node's HTTP parser refuses, paths that are
 * not valid percent-encoding, wrong methods, unknown API paths, ambiguous hosts. Each answers the
 * spec's envelope in Japanese (an error page for a browser's navigation), never Fastify's English.
 */

const HOST = devHost('0182');
let testApp: TestApp;
let port: number;

beforeAll(async () => {
  testApp = await buildTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  port = (testApp.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await testApp?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client library would send them) and reads the answer to the end. */
function sendRaw(request: Buffer | string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server closes as soon as it answered a request it refused, maybe while this is still
    // sending: what it answered has arrived all the same.
    socket.on('error', (error) => {
      if (chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.end(request);
  });
}

const japaneseEnvelope = (answer: RawAnswer, status: number) => {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { status: string; message: string };
  expect(body.status).toBe('error');
  expect(body.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
};

describe("requests Node's HTTP parser refuses", () => {
  it('answers a raw 0xFF byte in the query with the envelope in Japanese', async () => {
    const request = Buffer.concat([
      Buffer.from('GET /api/v1/buildinfo?a='),
      Buffer.from([0xff]),
      Buffer.from(` HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`),
    ]);
    japaneseEnvelope(await sendRaw(request), 400);
  });

  it('answers an over-long request line with 431 and the envelope in Japanese', async () => {
    const request = `GET /api/v1/buildinfo?a=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`;
    japaneseEnvelope(await sendRaw(request), 431);
  });

  it('answers a browser navigation the parser refused with a Japanese error page', async () => {
    const request = Buffer.concat([
      Buffer.from('GET /mypage/news?q='),
      Buffer.from([0xff]),
      Buffer.from(` HTTP/1.1\r\nHost: ${HOST}\r\nAccept: text/html\r\nConnection: close\r\n\r\n`),
    ]);
    const answer = await sendRaw(request);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain('不正なリクエストです');
    expect(answer.body).toContain('トップページに戻る');
  });
});

describe('ambiguous hosts', () => {
  it('refuses two Host headers with 400', async () => {
    const answer = await sendRaw(
      `GET /api/v1/buildinfo HTTP/1.1\r\nHost: ${HOST}\r\nHost: ${devHost('0158')}\r\nConnection: close\r\n\r\n`,
    );
    japaneseEnvelope(answer, 400);
  });

  it('refuses an absolute-form target naming another host than the Host header', async () => {
    const answer = await sendRaw(
      `GET http://${devHost('0158')}/api/v1/buildinfo HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`,
    );
    japaneseEnvelope(answer, 400);
  });

  it('answers an absolute-form target naming the Host header as usual', async () => {
    const answer = await sendRaw(
      `GET http://${HOST}/api/v1/buildinfo HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status, answer.body).toBe(200);
  });
});

describe('paths and methods', () => {
  it('answers a bad percent-escape in an API path with the envelope', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/news/%E0%A4%A', headers: { host: HOST } });
    expectEnvelopeRefusal(response, 400);
  });

  it('answers a bad percent-escape in a page path with a Japanese error page', async () => {
    const response = await testApp.app.inject({
      url: '/mypage/%E0%A4%A',
      headers: { host: HOST, accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('不正なリクエストです');
  });

  it('answers a wrong method on a known API path with 405 and Allow', async () => {
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/v1/buildinfo',
      headers: sameOriginHeaders('0182'),
    });
    const body = expectEnvelopeRefusal(response, 405);
    expect(body.message).toBe('許可されていないメソッドです');
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('answers a wrong method on a path with a parameter with 405 and the methods it has', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/news/12',
      headers: sameOriginHeaders('0182'),
    });
    expectEnvelopeRefusal(response, 405);
    expect(response.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
  });

  it('answers an unknown API path 404 without reading its body', async () => {
    // Not JSON at all: had the body been parsed, this would be a 400.
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/no-such-call',
      headers: { ...sameOriginHeaders('0182'), 'content-type': 'application/json' },
      payload: '{ this is not json',
    });
    expectEnvelopeRefusal(response, 404);
  });

  it('answers an unknown API path without asking for login or the same-origin marker', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/no-such-call',
      headers: { host: HOST, 'content-type': 'application/json' },
      payload: '{}',
    });
    expectEnvelopeRefusal(response, 404);
  });
});
