import type { World } from '#tests/support/world.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { featureRequestSchema } from '#server/contracts/feature-request.ts';
import { auditEvents } from '#server/db/schema/audit-events.ts';
import { BANK_A, BANK_B, expectEnvelopeRefusal, startSecurityWorld } from '../security/security-world.ts';

/** The admin footer's feature requests (POST and GET /api/v1/dashboard/contact). */

let world: World;
beforeAll(async () => {
  world = await startSecurityWorld();
});
afterAll(async () => {
  await world?.close();
});

const send = (code: string, as: Parameters<World['send']>[1], body: unknown) =>
  world.send(code, as, { method: 'POST', url: '/api/v1/dashboard/contact', payload: { body } });

async function listed(code: string) {
  const response = await world.send(code, 'system_admin', {
    method: 'GET',
    url: '/api/v1/dashboard/contact?rows=100',
  });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json().result as { list: unknown[]; paging_data: { total_rows: number } };
  return {
    list: result.list.map((item) => featureRequestSchema.parse(item)),
    total: result.paging_data.total_rows,
  };
}

describe('POST /api/v1/dashboard/contact', () => {
  it('stores the request for the bank with who sent it, says 送信しました, and lists it to the admins', async () => {
    const response = await send(BANK_A, 'branch_user', '検索条件を保存できるようにしてください');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'success', message: '送信しました' });

    const { list } = await listed(BANK_A);
    expect(list[0]).toMatchObject({
      body: '検索条件を保存できるようにしてください',
      sender_user_type_name: expect.any(String),
    });
    expect(list[0]?.sender_name).not.toBe('');
    expect((await listed(BANK_B)).list.map((item) => item.body)).not.toContain(
      '検索条件を保存できるようにしてください',
    );
  });

  it('answers 必須入力項目です for an empty or blank body and stores nothing', async () => {
    const before = (await listed(BANK_B)).total;
    for (const body of ['', '　 ', undefined]) {
      const refused = expectEnvelopeRefusal(await send(BANK_B, 'bank_admin', body), 400);
      expect(refused.errors?.body).toEqual(['必須入力項目です']);
    }
    expect((await listed(BANK_B)).total).toBe(before);
  });

  it('answers the max-length message over 2000 characters', async () => {
    const refused = expectEnvelopeRefusal(await send(BANK_B, 'bank_admin', 'あ'.repeat(2001)), 400);
    expect(refused.errors?.body).toEqual(['2000文字以内で入力してください']);
  });

  it('is for bank staff: a company user gets 403 and a visitor 401', async () => {
    expectEnvelopeRefusal(await send(BANK_A, 'company_owner', '要望'), 403);
    expectEnvelopeRefusal(await send(BANK_A, 'visitor', '要望'), 401);
  });
});

describe('the audit trail of a feature request', () => {
  const auditRows = (code: string) =>
    world.app.db.withBank(code, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.target_type, 'dashboard')),
    );

  it('gets one CREATE row naming the request and who sent it, in the same bank', async () => {
    const before = (await auditRows(BANK_A)).length;
    const response = await send(BANK_A, 'bank_admin', '監査の確認');
    const id = String(response.json().result.feature_request_id);
    const rows = await auditRows(BANK_A);
    expect(rows).toHaveLength(before + 1);
    expect(rows.find((row) => row.target_id === id)).toMatchObject({
      action: 'CREATE',
      target_type: 'dashboard',
      actor_user_id: expect.any(Number),
      impersonator_user_id: null,
    });
    expect((await auditRows(BANK_B)).map((row) => row.target_id)).not.toContain(id);
  });

  it('gets no row when the request is refused', async () => {
    const before = (await auditRows(BANK_A)).length;
    await send(BANK_A, 'bank_admin', '');
    expect(await auditRows(BANK_A)).toHaveLength(before);
  });
});

describe('GET /api/v1/dashboard/contact', () => {
  it('lists newest first, paged', async () => {
    await send(BANK_B, 'branch_admin', '一つ目');
    await send(BANK_B, 'branch_admin', '二つ目');
    const response = await world.send(BANK_B, 'bank_admin', {
      method: 'GET',
      url: '/api/v1/dashboard/contact?rows=1&page=1',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result.list.map((item: { body: string }) => item.body)).toEqual(['二つ目']);
    expect(result.paging_data).toMatchObject({ rows: 1, page: 1, is_first_page: true, is_last_page: false });
  });

  it('is for system and bank admins only', async () => {
    const response = await world.send(BANK_A, 'branch_admin', {
      method: 'GET',
      url: '/api/v1/dashboard/contact',
    });
    expectEnvelopeRefusal(response, 403);
  });
});
