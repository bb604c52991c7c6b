import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runJobForBank } from '#server/api/kit/job-runner.ts';
import { matchingDealMailJob } from '#server/api/matching/deal-mail-job.ts';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import type { OwnNeed } from '#server/contracts/matching.ts';
import { DEAL_MESSAGES, type Deal, type DealDetail } from '#server/contracts/matching-deals.ts';
import {
  companies,
  mailOutbox,
  matchingDealMessages,
  matchingDeals,
  needs,
  users,
} from '#server/db/schema.ts';
import { apiGet } from '#tests/support/login.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { Actor } from '#tests/support/world.ts';

/**
 * Deal requests (/mypage/matching/history, received_history and their details): sending one on a
 * published need, within the bank and across the network (0182 and 0158; 9980 is outside), the
 * two sides' messages and decisions, the unanswered-matching badge, and the mail that tells the
 * other side — once.
 */

const A = '0182';
const B = '0158';
const OUTSIDE = '9980';

const mailWorld = useMailWorld({ banks: [A, B, OUTSIDE] });

const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));

beforeEach(async () => {
  const { world } = mailWorld;
  for (const code of [A, B, OUTSIDE]) {
    await world.db.withBank(code, async (tx) => {
      await tx.delete(matchingDeals);
      await tx.delete(needs);
      await tx.delete(mailOutbox);
    });
  }
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(mailWorld.world.app, code, await mailWorld.world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, url: string, payload: object = {}) =>
  mailWorld.world.send(code, actor, { method: 'POST', url, payload });

/** A published nationwide need of the bank's demo partner company (株式会社ミライテック・ソリューションズ). */
async function partnerNeed(code: string, title = '中古のフォークリフトを買いたい'): Promise<OwnNeed> {
  const response = await mailWorld.world.send(code, 'partner_company_owner', {
    method: 'POST',
    url: '/api/v1/mybusiness/needs',
    payload: {
      need_title: title,
      need_category: 'buy',
      need_industry_codes: [],
      need_area_codes: [],
      need_body: '2トンクラスを2台探しています。',
      need_period_start: dayFromToday(-1),
      need_period_end: '',
      need_visibility: 1,
      need_reach: 'nationwide',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as OwnNeed;
}

async function request(code: string, need: OwnNeed, actor: Actor = 'company_owner') {
  const response = await post(code, actor, '/api/v1/cmh', {
    ca_unique_code: need.ca_unique_code,
    cmh_request_type: 'deal',
    cmh_message: '弊社のフォークリフトをご提案できます。',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as Deal;
}

const badgeOf = async (code: string, actor: Actor) =>
  (await get(code, actor, '/api/v1/badges')).json().result.unrepliedMatching as number | undefined;

async function detail(code: string, actor: Actor, cmh: string) {
  const response = await get(code, actor, `/api/v1/cmh/${cmh}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as DealDetail;
}

describe('a deal request within the bank', () => {
  it("reaches the need's company, which replies and accepts; each side's badge counts what waits for it", async () => {
    const need = await partnerNeed(A);
    const sent = await request(A, need);
    expect(sent).toMatchObject({
      cmh_status: 'requested',
      my_side: 'sender',
      counterpart_company_name: '株式会社ミライテック・ソリューションズ',
      cmh_unreplied_count: 0,
    });
    expect(await badgeOf(A, 'partner_company_owner')).toBe(1);
    expect(await badgeOf(A, 'company_owner')).toBe(0);
    const inbox = (await post(A, 'partner_company_owner', '/api/v1/cmi/search', { only_unread: true })).json()
      .result;
    expect(inbox.list.map((deal: Deal) => [deal.cmh_unique_code, deal.cmh_unreplied_count])).toEqual([
      [sent.cmh_unique_code, 1],
    ]);
    const received = (await get(A, 'partner_company_owner', '/api/v1/cmh/received')).json().result
      .list as Deal[];
    expect(received.map((deal) => deal.counterpart_company_name)).toEqual(['さくら精工株式会社']);
    expect((await get(A, 'company_owner', '/api/v1/cmh/sent')).json().result.list).toHaveLength(1);

    const opened = await detail(A, 'partner_company_owner', sent.cmh_unique_code);
    expect(opened).toMatchObject({
      can_reply: true,
      can_accept: true,
      can_decline: true,
      can_withdraw: false,
      my_side: 'receiver',
    });
    expect(opened.messages).toEqual([
      expect.objectContaining({ message_is_mine: false, message_kind: 'request' }),
    ]);

    const replied = await post(A, 'partner_company_owner', `/api/v1/cmh/${sent.cmh_unique_code}/reply`, {
      message: '詳細をお聞かせください。',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().result.cmh_status).toBe('replied');
    expect(await badgeOf(A, 'partner_company_owner')).toBe(0);
    expect(await badgeOf(A, 'company_owner')).toBe(1);
    await post(A, 'company_owner', `/api/v1/cmh/${sent.cmh_unique_code}/reply`, {
      message: '資料をお送りします。',
    });
    const accepted = await post(A, 'partner_company_owner', `/api/v1/cmh/${sent.cmh_unique_code}/accept`, {
      message: '',
    });
    expect(accepted.json()).toMatchObject({
      message: DEAL_MESSAGES.accepted,
      result: { cmh_status: 'negotiating', can_accept: false, can_conclude: true },
    });
    expect(
      (await detail(A, 'company_owner', sent.cmh_unique_code)).messages.map(
        (message) => message.message_kind,
      ),
    ).toEqual(['request', 'reply', 'reply', 'accept']);
    const concluded = await post(A, 'company_owner', `/api/v1/cmh/${sent.cmh_unique_code}/conclude`, {
      cmh_status: 'contracted',
    });
    expect(concluded.json().result.cmh_status).toBe('contracted');
    expect(
      (await post(A, 'company_owner', `/api/v1/cmh/${sent.cmh_unique_code}/reply`, { message: 'まだ' }))
        .statusCode,
    ).toBe(422);
  });

  it('refuses the own need, a second open request on a need, an unknown request type, and a need not published', async () => {
    const need = await partnerNeed(A);
    const own = await post(A, 'partner_company_owner', '/api/v1/cmh', {
      ca_unique_code: need.ca_unique_code,
      cmh_request_type: 'deal',
      cmh_message: 'x',
    });
    expect(own.json()).toMatchObject({ message: DEAL_MESSAGES.ownNeed });
    await request(A, need);
    const again = await post(A, 'company_user', '/api/v1/cmh', {
      ca_unique_code: need.ca_unique_code,
      cmh_request_type: 'deal',
      cmh_message: 'もう一度',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(DEAL_MESSAGES.alreadyRequested);
    const other = await partnerNeed(A, '別のニーズ');
    const type = await post(A, 'company_owner', '/api/v1/cmh', {
      ca_unique_code: other.ca_unique_code,
      cmh_request_type: 'bribe',
      cmh_message: 'x',
    });
    expect(type.json().errors).toEqual({ cmh_request_type: [DEAL_MESSAGES.invalidChoice] });
    await mailWorld.world.db.withBank(A, (tx) =>
      tx.update(needs).set({ need_visibility: 0 }).where(eq(needs.need_unique_code, other.ca_unique_code)),
    );
    const hidden = await post(A, 'company_owner', '/api/v1/cmh', {
      ca_unique_code: other.ca_unique_code,
      cmh_request_type: 'deal',
      cmh_message: 'x',
    });
    expect(hidden.statusCode).toBe(404);
    const empty = await post(A, 'company_owner', '/api/v1/cmh', {
      ca_unique_code: other.ca_unique_code,
      cmh_request_type: 'deal',
      cmh_message: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('lets one of an accept and a decline sent at once win; the other finds the deal no longer open', async () => {
    const need = await partnerNeed(A);
    const sent = await request(A, need);
    const url = (what: string) => `/api/v1/cmh/${sent.cmh_unique_code}/${what}`;
    const answers = await Promise.all([
      post(A, 'partner_company_owner', url('accept'), { message: '' }),
      post(A, 'partner_company_owner', url('decline'), { message: '今回は見送ります。' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json().message).toBe(DEAL_MESSAGES.notOpen);
    const final = await detail(A, 'company_owner', sent.cmh_unique_code);
    expect(final.messages).toHaveLength(2);
    expect(['negotiating', 'declined']).toContain(final.cmh_status);
  });

  it('keeps the sender from deciding and the receiver from withdrawing; the sender may withdraw an open request', async () => {
    const sent = await request(A, await partnerNeed(A));
    expect(
      (await post(A, 'company_owner', `/api/v1/cmh/${sent.cmh_unique_code}/accept`, { message: '' }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await post(A, 'partner_company_owner', `/api/v1/cmh/${sent.cmh_unique_code}/withdraw`, {
          message: '',
        })
      ).statusCode,
    ).toBe(422);
    const withdrawn = await post(A, 'company_owner', `/api/v1/cmh/${sent.cmh_unique_code}/withdraw`, {
      message: '',
    });
    expect(withdrawn.json().result.cmh_status).toBe('withdrawn');
    // A closed deal waits for nobody's reply.
    expect(await badgeOf(A, 'partner_company_owner')).toBe(0);
  });

  it('is closed to the companies that are no party, to employees, and needs company_matching_write to write', async () => {
    const sent = await request(A, await partnerNeed(A));
    // The demo user is of the sender's company: it reads and answers; the employee is refused by the page rule.
    expect((await get(A, 'company_user', `/api/v1/cmh/${sent.cmh_unique_code}`)).statusCode).toBe(200);
    expect((await get(A, 'company_employee', `/api/v1/cmh/${sent.cmh_unique_code}`)).statusCode).toBe(403);
    expect((await get(A, 'bank_admin', `/api/v1/cmh/${sent.cmh_unique_code}`)).statusCode).toBe(403);
    expect(await badgeOf(A, 'company_employee')).toBeUndefined();
  });
});

describe('a deal request across banks', () => {
  it('is read by both companies, mailed once to the receiver in its own bank, and closed to a third bank', async () => {
    const { world, smtp, drainMail } = mailWorld;
    const need = await partnerNeed(A, '全国の物流パートナー募集');
    const sent = await request(B, need);
    expect(sent).toMatchObject({
      counterpart_bank_code: A,
      counterpart_bank_name: 'しおさい銀行',
      counterpart_company_name: '株式会社ミライテック・ソリューションズ',
    });
    expect(await badgeOf(A, 'partner_company_owner')).toBe(1);
    const received = (await get(A, 'partner_company_owner', '/api/v1/cmh/received')).json().result
      .list as Deal[];
    expect(received).toEqual([
      expect.objectContaining({
        counterpart_bank_code: B,
        counterpart_company_name: 'さくら精工株式会社',
        cmh_unreplied_count: 1,
      }),
    ]);

    await drainMail();
    const partnerEmail = (
      await world.db.withBank(A, (tx) =>
        tx
          .select({ email: users.user_email })
          .from(users)
          .where(eq(users.user_type, 'partner_company_owner')),
      )
    )[0]!.email;
    const [mail] = await smtp.waitForMail(1);
    expect(JSON.stringify(mail?.to)).toContain(partnerEmail);
    expect(mail?.subject).toContain('【商談依頼】さくら精工株式会社から商談依頼が届きました');
    expect(mail?.text).toContain('全国の物流パートナー募集');
    // The catch-up job finds nothing left: the request is mailed once.
    await runJobForBank(world.db, matchingDealMailJob, A, {
      tenant: world.app.tenants.get(A)!,
      tenants: world.app.tenants,
      deployment: world.app.config,
      sessions: { endAllOf: async () => {} },
      logger: world.app.log,
      now: new Date(),
    });
    await drainMail();
    expect(smtp.received).toHaveLength(1);

    // The receiver accepts; the sender's bank mails the sender.
    const accepted = await post(A, 'partner_company_owner', `/api/v1/cmh/${sent.cmh_unique_code}/accept`, {
      message: 'ぜひお話しさせてください。',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await badgeOf(B, 'company_owner')).toBe(1);
    await drainMail();
    await smtp.waitForMail(2);
    expect(smtp.received[1]?.subject).toContain(
      '【商談】株式会社ミライテック・ソリューションズから商談開始が届きました',
    );

    // 9980 is no party and outside the network: every deal route answers 404, and its inbox is empty.
    for (const url of ['', '/reply', '/accept', '/decline', '/withdraw', '/conclude']) {
      const response =
        url === ''
          ? await get(OUTSIDE, 'company_owner', `/api/v1/cmh/${sent.cmh_unique_code}`)
          : await post(
              OUTSIDE,
              'company_owner',
              `/api/v1/cmh/${sent.cmh_unique_code}${url}`,
              url === '/conclude' ? { cmh_status: 'contracted' } : { message: 'x' },
            );
      expect(response.statusCode, url).toBe(404);
    }
    expect((await post(OUTSIDE, 'company_owner', '/api/v1/cmi/search', {})).json().result.list).toEqual([]);
    // Nor can 9980 ask for the need.
    expect(
      (
        await post(OUTSIDE, 'company_owner', '/api/v1/cmh', {
          ca_unique_code: need.ca_unique_code,
          cmh_request_type: 'deal',
          cmh_message: 'x',
        })
      ).statusCode,
    ).toBe(404);
    // Another company of a party's bank is no party either.
    expect((await get(A, 'company_owner', `/api/v1/cmh/${sent.cmh_unique_code}`)).statusCode).toBe(404);
  });

  it('catches up a message whose mail was not queued at once, with the job', async () => {
    const { world, smtp, drainMail } = mailWorld;
    const need = await partnerNeed(A);
    const sent = await request(B, need);
    await drainMail();
    await smtp.waitForMail(1);
    smtp.received.length = 0;
    // As if the gateway had stopped before mailing: a message nobody was told of.
    await world.db.withBank(A, async (tx) => {
      const [deal] = await tx
        .select()
        .from(matchingDeals)
        .where(eq(matchingDeals.cmh_unique_code, sent.cmh_unique_code));
      const owner = await tx
        .select({ id: users.user_id })
        .from(users)
        .where(eq(users.user_type, 'partner_company_owner'));
      await tx.insert(matchingDealMessages).values({
        bank_code: deal!.bank_code,
        cmh_id: deal!.cmh_id,
        receiver_bank_code: A,
        message_side: 'receiver',
        message_kind: 'reply',
        message_body: '後から',
        message_user_id: owner[0]!.id,
      });
    });
    await runJobForBank(world.db, matchingDealMailJob, B, {
      tenant: world.app.tenants.get(B)!,
      tenants: world.app.tenants,
      deployment: world.app.config,
      sessions: { endAllOf: async () => {} },
      logger: world.app.log,
      now: new Date(),
    });
    await drainMail();
    const [mail] = await smtp.waitForMail(1);
    expect(mail?.subject).toContain('返信');
    const again = await world.db.withBank(B, (tx) => tx.select().from(mailOutbox));
    expect(again).toHaveLength(2);
    // The company rows of both banks are untouched by the other's transactions.
    expect(
      await world.db.withBank(B, (tx) => tx.select({ id: companies.company_id }).from(companies)),
    ).not.toHaveLength(0);
  });
});
