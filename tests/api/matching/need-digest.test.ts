import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runJobForBank } from '#server/api/kit/job-runner.ts';
import { needDigestJob } from '#server/api/matching/need-digest-job.ts';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import type { OwnNeed } from '#server/contracts/matching.ts';
import { mailOutbox, needNoticeDigests, needs } from '#server/db/schema.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * The daily digest of new needs (issue 17 item 6): a company whose need-notice setting fits needs
 * published the day before hears of them once, in one mail per user — its own bank's needs and,
 * in the network, the other banks' nationwide ones; never its own.
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
      await tx.delete(needNoticeDigests);
      await tx.delete(mailOutbox);
    });
});

const send = (code: string, actor: Actor, method: string, url: string, payload?: object) =>
  world.send(code, actor, { method, url, ...(payload ? { payload } : {}) });

async function needOf(code: string, actor: Actor, title: string, overrides: Record<string, unknown> = {}) {
  const response = await send(code, actor, 'POST', '/api/v1/mybusiness/needs', {
    need_title: title,
    need_category: 'sell',
    need_industry_codes: ['09'],
    need_area_codes: ['13'],
    need_body: '新着ニーズの確認です。',
    need_period_start: japanDateString(new Date(Date.now() - DAY_MS)),
    need_period_end: '',
    need_visibility: 1,
    need_reach: 'nationwide',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  const need = response.json().result as OwnNeed;
  // Written yesterday.
  await world.db.withBank(code, (tx) =>
    tx
      .update(needs)
      .set({ need_created_at: new Date(Date.now() - DAY_MS) })
      .where(eq(needs.need_unique_code, need.ca_unique_code)),
  );
  return need;
}

async function noticeSetting(code: string, categories: string[]) {
  const response = await send(code, 'company_owner', 'POST', '/api/v1/setting/matching/notice/save', {
    notice_is_enabled: true,
    notice_categories: categories,
    notice_industry_codes: [],
    notice_area_codes: ['13'],
    notice_channels: ['mail'],
  });
  expect(response.statusCode, response.body).toBe(200);
}

const run = (code: string, now = new Date()) =>
  runJobForBank(world.db, needDigestJob, code, {
    tenant: world.app.tenants.get(code)!,
    tenants: world.app.tenants,
    deployment: world.app.config,
    sessions: { endAllOf: async () => {} },
    logger: world.app.log,
    now,
  });

const digests = (code: string) =>
  world.db.withBank(code, (tx) =>
    tx.select().from(mailOutbox).where(like(mailOutbox.mail_kind, 'matching.need_digest')),
  );

describe('the daily digest of new needs', () => {
  it("mails each user of a fitting company once a day, with the bank's needs and the network's nationwide ones", async () => {
    await noticeSetting(B, ['sell']);
    await needOf(A, 'partner_company_owner', '全国の販路募集');
    await needOf(A, 'partner_company_owner', '当行限定の販路募集', { need_reach: 'bank' });
    await needOf(B, 'partner_company_owner', '同じ銀行の販路募集', { need_reach: 'bank' });
    await needOf(B, 'partner_company_owner', '買いたいもの', { need_category: 'buy' });
    // The company's own need is never in its digest.
    await needOf(B, 'company_owner', '自社の販路募集');
    expect(await run(B)).toBe('ran');
    const mails = await digests(B);
    // The owner and the user of the owner's company (さくら精工 of 0158).
    expect(mails).toHaveLength(2);
    expect(mails[0]?.mail_subject).toContain('新着ニーズのお知らせ（2件）');
    expect(mails[0]?.mail_text).toContain('全国の販路募集');
    expect(mails[0]?.mail_text).toContain('同じ銀行の販路募集');
    expect(mails[0]?.mail_text).not.toContain('当行限定の販路募集');
    expect(mails[0]?.mail_text).not.toContain('自社の販路募集');
    await run(B);
    expect(await digests(B)).toHaveLength(2);
    // The next day's run finds nothing new (the needs were written the day before yesterday by then).
    await run(B, new Date(Date.now() + DAY_MS));
    expect(await digests(B)).toHaveLength(2);
  });

  it('tells a bank outside the network of its own needs only', async () => {
    await noticeSetting(OUTSIDE, ['sell']);
    await needOf(A, 'partner_company_owner', '全国の販路募集');
    await run(OUTSIDE);
    expect(await digests(OUTSIDE)).toHaveLength(0);
    await needOf(OUTSIDE, 'partner_company_owner', '地元の販路募集', { need_reach: 'bank' });
    await run(OUTSIDE);
    const mails = await digests(OUTSIDE);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]?.mail_text).toContain('地元の販路募集');
  });
});
