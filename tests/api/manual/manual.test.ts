import type { World } from '#tests/support/world.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualSchema } from '#server/contracts/manual.ts';
import { BANK_A, BANK_B, expectEnvelopeRefusal, startSecurityWorld } from '../security/security-world.ts';

/** The admin top bar's manual (GET and PUT /api/v1/manual): per page kind, per bank, sanitised. */

let world: World;
beforeAll(async () => {
  world = await startSecurityWorld();
});
afterAll(async () => {
  await world?.close();
});

const readManual = async (
  code: string,
  page: string,
  as: 'bank_admin' | 'branch_user' | 'company_owner' = 'branch_user',
) => {
  const response = await world.send(code, as, { method: 'GET', url: `/api/v1/manual?page=${page}` });
  expect(response.statusCode, response.body).toBe(200);
  return manualSchema.parse(response.json().result);
};

describe('GET /api/v1/manual', () => {
  it("answers the bank's own manual for a page kind it wrote (the demo's inquiry manual)", async () => {
    const manual = await readManual(BANK_A, 'inquiry');
    expect(manual.title).toBe('お問い合わせ対応の手順');
    expect(manual.updated_at).not.toBeNull();
  });

  it("answers the portal's manual, with a title and a body, until the bank writes its own", async () => {
    const manual = await readManual(BANK_A, 'news');
    expect(manual.title).toBe('管理画面の使い方');
    expect(manual.body).toContain('<h2>');
    expect(manual.updated_at).toBeNull();
  });

  it('is refused to a visitor', async () => {
    const response = await world.send(BANK_A, 'visitor', { method: 'GET', url: '/api/v1/manual' });
    expectEnvelopeRefusal(response, 401);
  });

  it('refuses a page kind it does not know with 400', async () => {
    const response = await world.send(BANK_A, 'bank_admin', {
      method: 'GET',
      url: '/api/v1/manual?page=nope',
    });
    expectEnvelopeRefusal(response, 400);
  });
});

describe('PUT /api/v1/manual', () => {
  const save = (code: string, as: 'bank_admin' | 'branch_admin', payload: object) =>
    world.send(code, as, { method: 'PUT', url: '/api/v1/manual', payload });

  it("stores the bank's manual for a page kind, sanitised, and only that bank reads it", async () => {
    const response = await save(BANK_A, 'bank_admin', {
      page: 'company',
      title: '企業管理の手引き',
      body: '<p>企業一覧の見方</p><script>alert(1)</script><p onclick="x()">検索</p>',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('保存しました');

    const own = await readManual(BANK_A, 'company');
    expect(own.title).toBe('企業管理の手引き');
    expect(own.body).toBe('<p>企業一覧の見方</p><p>検索</p>');
    expect(own.updated_at).not.toBeNull();

    const other = await readManual(BANK_B, 'company');
    expect(other.title).toBe('管理画面の使い方');
  });

  it("shows the bank's general manual on a page kind it has not written", async () => {
    await save(BANK_B, 'bank_admin', {
      page: 'dashboard',
      title: '全般',
      body: '<p>はじめにお読みください</p>',
    });
    const manual = await readManual(BANK_B, 'news');
    expect(manual).toMatchObject({ page: 'news', title: '全般', body: '<p>はじめにお読みください</p>' });
  });

  it('is for system and bank admins only', async () => {
    const response = await save(BANK_A, 'branch_admin', { page: 'news', title: 'x', body: '<p>x</p>' });
    expectEnvelopeRefusal(response, 403);
  });

  it('answers 必須入力項目です for an empty title, and for a body the allowlist empties', async () => {
    const empty = expectEnvelopeRefusal(
      await save(BANK_A, 'bank_admin', { page: 'news', title: '', body: '<p>x</p>' }),
      400,
    );
    expect(empty.errors?.title).toEqual(['必須入力項目です']);
    const scripted = expectEnvelopeRefusal(
      await save(BANK_A, 'bank_admin', { page: 'news', title: 'x', body: '<script>alert(1)</script>' }),
      422,
    );
    expect(scripted.errors?.body).toEqual(['必須入力項目です']);
    expect((await readManual(BANK_A, 'news')).title).toBe('管理画面の使い方');
  });

  it('answers the max-length message for a title over 100 characters', async () => {
    const refused = expectEnvelopeRefusal(
      await save(BANK_A, 'bank_admin', { page: 'news', title: 'あ'.repeat(101), body: '<p>x</p>' }),
      400,
    );
    expect(refused.errors?.title).toEqual(['100文字以内で入力してください']);
  });
});
