import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logging.ts';
import { buildTestApp, devHost, sameOriginHeaders, type TestApp } from '#tests/support/app.ts';

/**
 * No personal data in logs: the gateway's logger (server/logging.ts, the one main.ts uses) keeps a
 * failing command's values, request bodies, query strings and credentials out of every line.
 */

const FAILING_MARK = 'この本文で保存は失敗します';
const INQUIRY = {
  inquiry_category: 'registration',
  inquiry_company_name: '株式会社ひみつ商事',
  inquiry_name: '秘密 花子',
  inquiry_name_kana: 'ヒミツ ハナコ',
  inquiry_email: 'hanako.himitsu@himitsu-shoji.example.jp',
  inquiry_tel: '06-7777-1234',
  inquiry_body: `口座開設について相談したいです。${FAILING_MARK}`,
  agree_privacy_policy: true,
};

const lines: string[] = [];
let testApp: TestApp;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  testApp = await buildTestApp({ logger: createLogger({ level: 'info' }, sink) });
  // The inquiry insert fails inside PostgreSQL, as a broken constraint or a full disk would make it
  // fail: a check added as the database's owner (RESET ROLE leaves the application role).
  await testApp.app.db.withBank('0182', async (tx) => {
    await tx.execute(sql`reset role`);
    await tx.execute(
      sql.raw(
        `alter table inquiries add constraint inquiry_fails_for_test check (position('${FAILING_MARK}' in inquiry_body) = 0)`,
      ),
    );
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe('the log', () => {
  it("carries no value of a failing command's request, only that it failed", async () => {
    lines.length = 0;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry',
      headers: { ...sameOriginHeaders('0182'), 'content-type': 'application/json' },
      payload: JSON.stringify(INQUIRY),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', message: 'System Error' });

    const log = lines.join('');
    expect(log).toContain('request failed');
    // The statement and the SQLSTATE stay, so the failure can still be told apart.
    expect(log).toContain('23514');
    for (const [field, value] of Object.entries(INQUIRY)) {
      if (typeof value !== 'string' || field === 'inquiry_category') continue;
      expect(log, field).not.toContain(value);
      expect(log, field).not.toContain(JSON.stringify(value).slice(1, -1));
    }
    expect(log).not.toContain('himitsu');
    expect(log).not.toContain('7777');
  });

  it('carries a request by its path: search words in the query stay out', async () => {
    lines.length = 0;
    await testApp.app.inject({
      url: '/api/v1/user/switchable?keyword=%E7%A7%98%E5%AF%86%E8%8A%B1%E5%AD%90',
      headers: { host: devHost('0182') },
    });
    const log = lines.join('');
    expect(log).toContain('/api/v1/user/switchable');
    expect(log).not.toContain('keyword=');
    expect(log).not.toContain('%E7%A7%98');
  });

  it('carries no cookie, authorization header or session cookie it sets', async () => {
    lines.length = 0;
    await testApp.app.inject({
      url: '/api/v1/user/me',
      headers: {
        host: devHost('0182'),
        cookie: 'portal_session=secret-session-id',
        authorization: 'Bearer abc.def.ghi',
      },
    });
    const log = lines.join('');
    expect(log).not.toContain('secret-session-id');
    expect(log).not.toContain('abc.def.ghi');
  });
});
