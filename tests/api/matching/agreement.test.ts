import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import type { OwnNeed } from '#server/contracts/matching.ts';
import { AGREEMENT_MESSAGES } from '#server/contracts/matching-agreement.ts';
import { DEAL_MESSAGES } from '#server/contracts/matching-deals.ts';
import { companies, mailOutbox, matchingAgreements, matchingDeals, needs } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { apiGet } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * The business-matching agreement (/ncba/bm/agreement/{code}, /admin/ncba/bm): its public page, the
 * owners' agreement, the staff's list and request mail, and the deals it opens.
 */

const A = '0182';
const B = '0158';

let world: World;
beforeAll(async () => {
  world = await startWorld({ banks: [A, B] });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const companyOf = async (code: string, key: string) =>
  (
    await world.db.withBank(code, (tx) =>
      tx
        .select({ id: companies.company_id })
        .from(companies)
        .where(eq(companies.company_unique_code, demoUniqueCode(code, 'company', key))),
    )
  )[0]!.id;

/** Puts a company back where the demo left it: agreed, or (agreed false) asked and waiting. */
async function setAgreed(code: string, key: string, agreed: boolean) {
  const companyId = await companyOf(code, key);
  await world.db.withBank(code, (tx) =>
    tx
      .update(matchingAgreements)
      .set({ agreement_agreed_at: agreed ? new Date() : null, agreement_agreed_by: null })
      .where(eq(matchingAgreements.company_id, companyId)),
  );
}

beforeEach(async () => {
  for (const code of [A, B])
    await world.db.withBank(code, async (tx) => {
      await tx.delete(matchingDeals);
      await tx.delete(needs);
      await tx.delete(mailOutbox);
    });
  for (const key of ['sakura-seiko', 'mirai-tech']) await setAgreed(A, key, true);
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, url: string, payload: object = {}) =>
  world.send(code, actor, { method: 'POST', url, payload });

describe('the agreement page', () => {
  it('shows the terms to anyone with the link, and only on its own bank', async () => {
    const code = demoUniqueCode(A, 'agreement', 'sakura-seiko');
    const page = await get(A, 'visitor', `/api/v1/ncba/bm/agreement/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().result).toMatchObject({
      company_name: 'さくら精工株式会社',
      bank_name: 'しおさい銀行',
    });
    expect(page.json().result.terms[0]).toContain('しおさい銀行');
    expect((await get(B, 'visitor', `/api/v1/ncba/bm/agreement/${code}`)).statusCode).toBe(404);
    expect((await get(A, 'visitor', '/api/v1/ncba/bm/agreement/nosuchcode')).statusCode).toBe(404);
  });

  it("is agreed by the company's owner only: another company's user and a non-owner are refused", async () => {
    await setAgreed(A, 'sakura-seiko', false);
    const code = demoUniqueCode(A, 'agreement', 'sakura-seiko');
    const url = `/api/v1/ncba/bm/agreement/${code}/agree`;
    const other = await post(A, 'partner_company_owner', url);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(AGREEMENT_MESSAGES.notTheCompany);
    const user = await post(A, 'company_user', url);
    expect(user.json().message).toBe(AGREEMENT_MESSAGES.ownersOnly);
    expect((await post(A, 'visitor', url)).statusCode).toBe(401);
    const agreed = await post(A, 'company_owner', url);
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().result.agreed_at).not.toBeNull();
    expect((await get(A, 'company_user', '/api/v1/matching/agreement')).json().result).toEqual({
      agreed: true,
      unique_code: code,
    });
  });
});

describe('deals need the agreement', () => {
  async function partnerNeed(): Promise<OwnNeed> {
    const response = await post(A, 'partner_company_owner', '/api/v1/mybusiness/needs', {
      need_title: '検品作業の協力先',
      need_category: 'build',
      need_industry_codes: [],
      need_area_codes: [],
      need_body: '繁忙期の検品作業をお願いできる企業を探しています。',
      need_period_start: japanDateString(new Date(Date.now() - DAY_MS)),
      need_period_end: '',
      need_visibility: 1,
      need_reach: 'bank',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as OwnNeed;
  }
  const ask = (need: OwnNeed) =>
    post(A, 'company_owner', '/api/v1/cmh', {
      ca_unique_code: need.ca_unique_code,
      cmh_request_type: 'deal',
      cmh_message: 'ご相談させてください。',
    });

  it('refuses a request from a company that has not agreed, and an acceptance by one', async () => {
    const need = await partnerNeed();
    await setAgreed(A, 'sakura-seiko', false);
    const refused = await ask(need);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(DEAL_MESSAGES.agreementRequired);
    await setAgreed(A, 'sakura-seiko', true);
    const sent = await ask(need);
    expect(sent.statusCode).toBe(200);
    await setAgreed(A, 'mirai-tech', false);
    const accept = await post(
      A,
      'partner_company_owner',
      `/api/v1/cmh/${sent.json().result.cmh_unique_code}/accept`,
      { message: '' },
    );
    expect(accept.json().message).toBe(DEAL_MESSAGES.agreementRequired);
    // A reply needs no agreement: the receiver may ask before it decides.
    expect(
      (
        await post(A, 'partner_company_owner', `/api/v1/cmh/${sent.json().result.cmh_unique_code}/reply`, {
          message: '詳細を教えてください。',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lets the company open its own page when the bank has not sent one', async () => {
    const companyId = await companyOf(A, 'mirai-tech');
    await world.db.withBank(A, (tx) =>
      tx.delete(matchingAgreements).where(eq(matchingAgreements.company_id, companyId)),
    );
    expect((await get(A, 'partner_company_owner', '/api/v1/matching/agreement')).json().result).toEqual({
      agreed: false,
      unique_code: null,
    });
    const opened = await post(A, 'partner_company_owner', '/api/v1/matching/agreement');
    expect(opened.json().result.unique_code).toMatch(/^[0-9a-f]{32}$/);
    const again = await post(A, 'partner_company_owner', '/api/v1/matching/agreement');
    expect(again.json().result.unique_code).toBe(opened.json().result.unique_code);
    await world.db.withBank(A, (tx) =>
      tx
        .update(matchingAgreements)
        .set({
          agreement_unique_code: demoUniqueCode(A, 'agreement', 'mirai-tech'),
          agreement_agreed_at: new Date(),
        })
        .where(eq(matchingAgreements.company_id, companyId)),
    );
  });
});

describe("the staff's list (/admin/ncba/bm)", () => {
  it('shows where each company stands, filtered, and branch staff their branches only', async () => {
    const all = (await get(A, 'bank_admin', '/api/v1/admin/ncba/bm?rows=100')).json().result;
    const states = Object.fromEntries(
      all.list.map((item: { company_name: string; state: string }) => [item.company_name, item.state]),
    );
    expect(states).toMatchObject({
      さくら精工株式会社: 'agreed',
      'カフェ・ことり': 'none',
      株式会社はなみずき工房: 'waiting',
    });
    const waiting = (await get(A, 'bank_admin', '/api/v1/admin/ncba/bm?state=waiting')).json().result.list;
    expect(waiting.map((item: { company_name: string }) => item.company_name)).toEqual([
      '株式会社はなみずき工房',
    ]);
    const branch = (await get(A, 'branch_admin', '/api/v1/admin/ncba/bm?rows=100')).json().result.list;
    expect(branch.map((item: { company_name: string }) => item.company_name).sort()).toEqual(
      ['こもれび税理士法人', 'さくら精工株式会社'].sort(),
    );
    expect((await get(A, 'company_owner', '/api/v1/admin/ncba/bm')).statusCode).toBe(403);
    expect((await get(A, 'bank_admin', `/api/v1/admin/ncba/bm?keyword=${'x'.repeat(101)}`)).statusCode).toBe(
      400,
    );
  });

  it('mails the owners the link of a company not yet agreed, and refuses an agreed one', async () => {
    const cafe = demoUniqueCode(A, 'company', 'cafe-kotori');
    // A company never asked gets its page; its owners (the demo owner's company here) get the link.
    await setAgreed(A, 'sakura-seiko', false);
    const sent = await post(
      A,
      'bank_admin',
      `/api/v1/admin/ncba/bm/${demoUniqueCode(A, 'company', 'sakura-seiko')}/request`,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().result.state).toBe('waiting');
    const mails = await world.db.withBank(A, (tx) =>
      tx.select().from(mailOutbox).where(like(mailOutbox.mail_kind, 'matching.agreement_request')),
    );
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]?.mail_text).toMatch(/\/ncba\/bm\/agreement\/[0-9a-f]{24,32}/);
    expect((await post(A, 'bank_admin', `/api/v1/admin/ncba/bm/${cafe}/request`)).json().result.state).toBe(
      'waiting',
    );
    await setAgreed(A, 'sakura-seiko', true);
    const agreed = await post(
      A,
      'bank_admin',
      `/api/v1/admin/ncba/bm/${demoUniqueCode(A, 'company', 'sakura-seiko')}/request`,
    );
    expect(agreed.statusCode).toBe(422);
    // Not a branch admin's company of another branch, nor another bank's.
    expect(
      (
        await post(
          A,
          'branch_admin',
          `/api/v1/admin/ncba/bm/${demoUniqueCode(A, 'company', 'minato-foods')}/request`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await post(B, 'bank_admin', `/api/v1/admin/ncba/bm/${cafe}/request`)).statusCode).toBe(404);
    await world.db.withBank(A, (tx) =>
      tx
        .delete(matchingAgreements)
        .where(
          eq(
            matchingAgreements.company_id,
            tx
              .select({ id: companies.company_id })
              .from(companies)
              .where(eq(companies.company_unique_code, cafe)),
          ),
        ),
    );
  });
});
