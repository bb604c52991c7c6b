import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import type { OwnNeed, PublishedNeed } from '#server/contracts/matching.ts';
import { AGENT_MESSAGES } from '#server/contracts/matching-agent.ts';
import { CAMPAIGN_MESSAGES, type RunningCampaign } from '#server/contracts/matching-campaigns.ts';
import { matchingAgentRequests, matchingCampaigns, needs } from '#server/db/schema.ts';
import { apiGet } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * Matching campaigns (/admin/matching/campaign, /mypage/matching/campaign) and the matching agent
 * (/mypage/matching/agent, /admin/matching/agent): who writes and reads them, and what crosses banks.
 */

const A = '0182';
const B = '0158';
const OUTSIDE = '9980';

let world: World;
beforeAll(async () => {
  world = await startWorld({ banks: [A, B, OUTSIDE] });
}, 120_000);
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  for (const code of [A, B, OUTSIDE])
    await world.db.withBank(code, async (tx) => {
      await tx.delete(needs);
      await tx.delete(matchingCampaigns);
      await tx.delete(matchingAgentRequests);
    });
});

const day = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));
const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const send = (code: string, actor: Actor, method: string, url: string, payload?: object) =>
  world.send(code, actor, { method, url, ...(payload ? { payload } : {}) });

async function need(code: string, title: string, reach: 'bank' | 'nationwide'): Promise<OwnNeed> {
  const response = await send(code, 'partner_company_owner', 'POST', '/api/v1/mybusiness/needs', {
    need_title: title,
    need_category: 'sell',
    need_industry_codes: [],
    need_area_codes: [],
    need_body: 'キャンペーンの確認です。',
    need_period_start: day(-1),
    need_period_end: '',
    need_visibility: 1,
    need_reach: reach,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as OwnNeed;
}

const campaign = (codes: string[], overrides: Record<string, unknown> = {}) => ({
  campaign_title: '商談応援キャンペーン',
  campaign_body: '期間中の商談依頼を応援します。',
  campaign_start: day(-1),
  campaign_end: day(10),
  campaign_need_codes: codes,
  ...overrides,
});

describe('campaigns', () => {
  it("are written by the bank's admins with needs it can see, and read by its companies while they run", async () => {
    const own = await need(A, '当行の販路募集', 'bank');
    const far = await need(B, '他行の全国募集', 'nationwide');
    const hidden = await need(B, '他行の当行限定募集', 'bank');
    const refused = await send(
      A,
      'bank_admin',
      'POST',
      '/api/v1/admin/matching/campaigns',
      campaign([own.ca_unique_code, hidden.ca_unique_code]),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ campaign_need_codes: [CAMPAIGN_MESSAGES.needNotPublished] });
    const created = await send(
      A,
      'bank_admin',
      'POST',
      '/api/v1/admin/matching/campaigns',
      campaign([own.ca_unique_code, far.ca_unique_code]),
    );
    expect(created.statusCode, created.body).toBe(200);
    await send(
      A,
      'system_admin',
      'POST',
      '/api/v1/admin/matching/campaigns',
      campaign([], { campaign_title: '来月のキャンペーン', campaign_start: day(20), campaign_end: day(30) }),
    );
    const running = (await get(A, 'company_user', '/api/v1/matching/campaigns')).json()
      .result as RunningCampaign[];
    expect(running.map((item) => item.campaign_title)).toEqual(['商談応援キャンペーン']);
    expect(running[0]?.needs.map((item: PublishedNeed) => item.need_title)).toEqual([
      '当行の販路募集',
      '他行の全国募集',
    ]);
    // Another bank's companies do not see this bank's campaigns.
    expect((await get(B, 'company_owner', '/api/v1/matching/campaigns')).json().result).toEqual([]);
    // A featured need that stops being public drops out.
    await send(B, 'partner_company_owner', 'DELETE', `/api/v1/mybusiness/needs/${far.ca_unique_code}`);
    const after = (await get(A, 'company_user', '/api/v1/matching/campaigns')).json()
      .result as RunningCampaign[];
    expect(after[0]?.needs.map((item: PublishedNeed) => item.need_title)).toEqual(['当行の販路募集']);
    const code = created.json().result.campaign_unique_code;
    const edited = await send(
      A,
      'bank_admin',
      'PUT',
      `/api/v1/admin/matching/campaigns/${code}`,
      campaign([], { campaign_title: '改題' }),
    );
    expect(edited.json().result.campaign_title).toBe('改題');
    expect(
      (await send(A, 'bank_admin', 'DELETE', `/api/v1/admin/matching/campaigns/${code}`)).statusCode,
    ).toBe(200);
  });

  it('are refused to branch staff and companies (403), another bank gets 404, and bad fields 400', async () => {
    expect((await get(A, 'branch_admin', '/api/v1/admin/matching/campaigns')).statusCode).toBe(403);
    expect((await get(A, 'company_owner', '/api/v1/admin/matching/campaigns')).statusCode).toBe(403);
    const created = await send(A, 'bank_admin', 'POST', '/api/v1/admin/matching/campaigns', campaign([]));
    const code = created.json().result.campaign_unique_code;
    expect((await get(B, 'bank_admin', `/api/v1/admin/matching/campaigns/${code}`)).statusCode).toBe(404);
    expect(
      (await send(OUTSIDE, 'bank_admin', 'DELETE', `/api/v1/admin/matching/campaigns/${code}`)).statusCode,
    ).toBe(404);
    const bad = await send(
      A,
      'bank_admin',
      'POST',
      '/api/v1/admin/matching/campaigns',
      campaign([], { campaign_end: day(-5) }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.campaign_end).toEqual([CAMPAIGN_MESSAGES.endBeforeStart]);
    expect((await get(A, 'company_employee', '/api/v1/matching/campaigns')).statusCode).toBe(403);
  });
});

describe('the matching agent', () => {
  it("takes a company's request, shows it to its bank's staff (branch staff their branches'), and the company reads the answer", async () => {
    const far = await need(B, '他行の全国募集', 'nationwide');
    const sent = await send(A, 'company_owner', 'POST', '/api/v1/matching/agent', {
      ca_unique_code: far.ca_unique_code,
      agent_request_body: 'この企業を紹介してください。',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().result).toMatchObject({ need_title: '他行の全国募集', agent_request_status: 'open' });
    const code = sent.json().result.agent_request_unique_code;
    // さくら精工 is of branch 001: the branch admin of 001 sees it.
    const branch = (await get(A, 'branch_admin', '/api/v1/admin/matching/agent')).json().result.list;
    expect(branch.map((item: { company_name: string }) => item.company_name)).toEqual(['さくら精工株式会社']);
    const handled = await send(A, 'branch_admin', 'POST', `/api/v1/admin/matching/agent/${code}`, {
      agent_request_status: 'in_progress',
      agent_request_note: '来週ご連絡します。',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    const mine = (await get(A, 'company_user', '/api/v1/matching/agent')).json().result.list;
    expect(mine[0]).toMatchObject({
      agent_request_status: 'in_progress',
      agent_request_note: '来週ご連絡します。',
    });
    // Other banks' staff never see it.
    expect((await get(B, 'bank_admin', '/api/v1/admin/matching/agent')).json().result.list).toEqual([]);
    expect(
      (
        await send(B, 'bank_admin', 'POST', `/api/v1/admin/matching/agent/${code}`, {
          agent_request_status: 'done',
          agent_request_note: '',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a need the company cannot read, an employee, and an empty request', async () => {
    const hidden = await need(OUTSIDE, '圏外の募集', 'bank');
    const refused = await send(A, 'company_owner', 'POST', '/api/v1/matching/agent', {
      ca_unique_code: hidden.ca_unique_code,
      agent_request_body: '紹介してください。',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(AGENT_MESSAGES.needNotFound);
    expect(
      (await send(A, 'company_employee', 'POST', '/api/v1/matching/agent', { agent_request_body: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send(A, 'company_owner', 'POST', '/api/v1/matching/agent', { agent_request_body: '' }))
        .statusCode,
    ).toBe(400);
    const plain = await send(A, 'company_owner', 'POST', '/api/v1/matching/agent', {
      ca_unique_code: '',
      agent_request_body: '物流の取引先を探しています。',
    });
    expect(plain.json().result).toMatchObject({ ca_unique_code: null, need_title: null });
    const rows = await world.db.withBank(A, (tx) =>
      tx
        .select()
        .from(matchingAgentRequests)
        .where(eq(matchingAgentRequests.need_unique_code, hidden.ca_unique_code)),
    );
    expect(rows).toEqual([]);
  });
});
