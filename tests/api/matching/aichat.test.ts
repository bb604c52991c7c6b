import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AICHAT_MESSAGES,
  NEED_WRITING_STYLES,
  type NeedDraftAnswer,
  type NeedOffer,
} from '#server/contracts/aichat.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import type { OwnNeed, PublishedNeed } from '#server/contracts/matching.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import {
  auditEvents,
  companyBusinessProfiles,
  companies,
  mailOutbox,
  needs,
  users,
} from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { apiGet } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';
import { type ModelServer, startModelServer } from './aichat-model-server.ts';

/**
 * AI-assisted needs (issue 17 item 8): staff have a need written for one of their companies by a
 * model server (here a local OpenAI-compatible server over real HTTP), offer it, and the company
 * accepts it — edited, published, found by the bank's other companies — or declines it. The
 * writer's failures (a malformed or empty answer, an HTTP error, no answer within the timeout)
 * answer エラーが発生しました and store nothing; the prompt carries the one company's data only.
 */

const A = '0182';
const B = '0158';
const WRITE = '/api/v1/aichat/ba/company/needs';
const STYLES = '/api/v1/aichat/ba/company/needs/writing_styles';
const OFFER = '/api/v1/aichat/ba/needs_offer';
const OFFERS = '/api/v1/mybusiness/need_offers';
/** The writer's timeout in this world: a silent server is given up on after it. */
const TIMEOUT_MS = 1_500;

/** The demo owner's company (branch 001) and the partner's (branch 050), and the bank's others. */
const SAKURA = demoUniqueCode(A, 'company', 'sakura-seiko');
const MIRAI = demoUniqueCode(A, 'company', 'mirai-tech');
const SAKURA_NAME = 'さくら精工株式会社';
const OTHER_COMPANY_NAMES = [
  '株式会社みなと食品',
  '有限会社あおば建設',
  '株式会社ひだまり介護サービス',
  'つばめ運輸株式会社',
  '株式会社ミライテック・ソリューションズ',
  'こもれび税理士法人',
  'カフェ・ことり',
  '株式会社はなみずき工房',
];
/** A text only the partner company's profile holds: it must never reach the model for another company. */
const MIRAI_SECRET = 'ミライ独自の在庫管理クラウド';

const GOOD_DRAFT = {
  title: '精密切削部品の新しい販売先を探しています',
  body: '当社は公差±0.005mmの精密切削加工を得意とする部品メーカーです。試作から量産まで対応します。',
};

let model: ModelServer;
let world: World;

beforeAll(async () => {
  model = await startModelServer();
  world = await startWorld({
    banks: [A, B],
    gateway: {
      env: {
        NEED_WRITER_BASE_URL: model.baseUrl,
        NEED_WRITER_MODEL: 'test-model',
        NEED_WRITER_API_KEY: 'test-key-of-the-bank',
        NEED_WRITER_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    },
  });
  const miraiId = await companyIdOf(A, MIRAI);
  const partnerId = await world.userIdOf(A, 'partner_company_owner');
  await world.db.withBank(A, (tx) =>
    tx
      .insert(companyBusinessProfiles)
      .values({
        company_id: miraiId,
        business_description: `業務システムの開発。${MIRAI_SECRET}を提供しています。`,
        business_products: MIRAI_SECRET,
        business_strengths: '中小企業向けの導入支援',
        business_area_codes: ['27'],
        business_updated_by: partnerId,
      })
      .onConflictDoNothing(),
  );
}, 120_000);
afterAll(async () => {
  await world?.close();
  await model?.close();
});

beforeEach(async () => {
  model.received.length = 0;
  model.answerDraft(GOOD_DRAFT);
  for (const code of [A, B]) {
    await world.db.withBank(code, async (tx) => {
      await tx.delete(needs);
      await tx.delete(mailOutbox);
    });
  }
});

async function companyIdOf(code: string, companyCode: string): Promise<number> {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select({ id: companies.company_id })
      .from(companies)
      .where(eq(companies.company_unique_code, companyCode)),
  );
  if (!row) throw new Error(`no company ${companyCode}`);
  return row.id;
}

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, url: string, payload?: object) =>
  world.send(code, actor, { method: 'POST', url, ...(payload ? { payload } : {}) });

const writeRequest = (overrides: Record<string, unknown> = {}) => ({
  company_unique_code: SAKURA,
  writing_style: 'polite',
  need_category: 'sell',
  hint: '首都圏の装置メーカーへの販路を広げたい',
  ...overrides,
});

async function writeDraft(actor: Actor = 'bank_admin', overrides: Record<string, unknown> = {}) {
  const response = await post(A, actor, WRITE, writeRequest(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as NeedDraftAnswer;
}

async function offer(code: string, actor: Actor = 'bank_admin') {
  return post(A, actor, OFFER, { needs_unique_code: code });
}

const storedNeeds = () => world.db.withBank(A, (tx) => tx.select().from(needs));

const acceptFields = (overrides: Record<string, unknown> = {}) => ({
  need_title: '精密切削部品の販売先を募集します',
  need_category: 'sell',
  need_industry_codes: ['26'],
  need_area_codes: ['13', '14'],
  need_body:
    '試作1個から量産まで、精密切削部品をお届けします。装置メーカーさまからのご連絡をお待ちしています。',
  need_period_start: japanDateString(),
  need_period_end: '',
  need_visibility: 1,
  need_reach: 'bank',
  ...overrides,
});

describe('the writing styles', () => {
  it('are listed to staff in the order the page offers them, and refused to company users (403)', async () => {
    const response = await get(A, 'branch_user', STYLES);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual(
      NEED_WRITING_STYLES.map(({ code, name, description }) => ({ code, name, description })),
    );
    expect(response.json().result.map((style: { name: string }) => style.name)).toEqual([
      '簡潔',
      '丁寧',
      '熱意',
      '専門的',
    ]);
    expect((await get(A, 'company_owner', STYLES)).statusCode).toBe(403);
  });
});

describe('a draft written by the model server', () => {
  it("is written from the company's own profile only, and stored private and not yet the company's need", async () => {
    const draft = await writeDraft();
    expect(draft).toMatchObject({
      need_title: GOOD_DRAFT.title,
      need_body: GOOD_DRAFT.body,
      writing_style: 'polite',
    });

    // What the gateway sent over HTTP.
    expect(model.received).toHaveLength(1);
    const [sent] = model.received;
    expect(sent?.url).toBe('/v1/chat/completions');
    expect(sent?.authorization).toBe('Bearer test-key-of-the-bank');
    expect(sent?.body.model).toBe('test-model');
    expect(sent?.body.response_format).toEqual({ type: 'json_object' });
    const prompt = JSON.stringify(sent?.body.messages);
    expect(prompt).toContain(SAKURA_NAME);
    expect(prompt).toContain('公差±0.005mmの加工精度');
    expect(prompt).toContain('首都圏の装置メーカーへの販路を広げたい');
    expect(prompt).toContain('丁寧');
    for (const other of [...OTHER_COMPANY_NAMES, MIRAI_SECRET]) expect(prompt).not.toContain(other);
    // No person's name: the representative (佐藤 健一) and the users are not the need's business.
    expect(prompt).not.toContain('佐藤');

    const [stored] = await storedNeeds();
    expect(stored).toMatchObject({
      need_unique_code: draft.needs_unique_code,
      company_id: await companyIdOf(A, SAKURA),
      need_title: GOOD_DRAFT.title,
      need_body: GOOD_DRAFT.body,
      need_category: 'sell',
      need_industry_codes: ['26'],
      need_area_codes: ['11', '13', '14'],
      need_visibility: 0,
      need_reach: 'bank',
      need_period_start: japanDateString(),
      need_period_end: null,
      need_offer_status: 'drafted',
      need_created_by: await world.userIdOf(A, 'bank_admin'),
    });
    // Not the company's own need yet, and no offer to answer.
    expect((await get(A, 'company_owner', '/api/v1/mybusiness/needs')).json().result.list).toEqual([]);
    expect((await get(A, 'company_owner', OFFERS)).json().result).toEqual([]);

    const [audit] = await world.db.withBank(A, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.target_id, draft.needs_unique_code)),
    );
    expect(audit).toMatchObject({ action: 'DRAFT', target_type: 'matching' });
  });

  it.each([
    ['a malformed JSON content', { kind: 'content', content: '{"title": "精密部品の販売先を' }],
    ['an empty content', { kind: 'content', content: '' }],
    ['no content', { kind: 'content', content: null }],
    ['JSON without a body', { kind: 'content', content: JSON.stringify({ title: '題名だけ' }) }],
    ['an empty title', { kind: 'content', content: JSON.stringify({ title: '  ', body: '本文' }) }],
    [
      'a title over 100 characters',
      { kind: 'content', content: JSON.stringify({ title: 'あ'.repeat(101), body: '本文' }) },
    ],
    [
      'a body over 4000 characters',
      { kind: 'content', content: JSON.stringify({ title: '題名', body: 'あ'.repeat(4001) }) },
    ],
    [
      'a NUL in the body',
      { kind: 'content', content: JSON.stringify({ title: '題名', body: '本\u0000文' }) },
    ],
    ['an answer that is no chat completion', { kind: 'raw', body: '{"choices": "none"}' }],
    ['a body that is no JSON', { kind: 'raw', body: 'Bad Gateway' }],
    ['an HTTP error', { kind: 'status', status: 503 }],
  ] as const)('answers エラーが発生しました (422) and stores nothing for %s', async (_name, behaviour) => {
    model.answer(behaviour);
    const response = await post(A, 'bank_admin', WRITE, writeRequest());
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(MESSAGES.requestFailed);
    expect(response.json().message).toBe('エラーが発生しました');
    expect(model.received).toHaveLength(1);
    expect(await storedNeeds()).toEqual([]);
  });

  it('gives up on a server that does not answer within the timeout: エラーが発生しました, nothing stored', async () => {
    model.answer({ kind: 'silent' });
    const started = Date.now();
    const response = await post(A, 'bank_admin', WRITE, writeRequest());
    const waited = Date.now() - started;
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe('エラーが発生しました');
    expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(TIMEOUT_MS + 5_000);
    // One try: no retry after the timeout.
    expect(model.received).toHaveLength(1);
    expect(await storedNeeds()).toEqual([]);
  });

  it('is refused to company users (403), to branch staff for another branch’s company and to another bank (404), before the model is asked', async () => {
    for (const actor of ['company_owner', 'partner_company_owner', 'company_employee'] as const)
      expect((await post(A, actor, WRITE, writeRequest())).statusCode).toBe(403);
    // The branch admin (001) and the branch user (001, 010) look after さくら精工 (001), not the partner (050).
    expect(
      (await post(A, 'branch_admin', WRITE, writeRequest({ company_unique_code: MIRAI }))).statusCode,
    ).toBe(404);
    expect(
      (await post(A, 'branch_user', WRITE, writeRequest({ company_unique_code: MIRAI }))).statusCode,
    ).toBe(404);
    expect((await post(B, 'system_admin', WRITE, writeRequest())).statusCode).toBe(404);
    expect(
      (await post(A, 'bank_admin', WRITE, writeRequest({ company_unique_code: 'nosuchcompany' }))).statusCode,
    ).toBe(404);
    expect(model.received).toHaveLength(0);
    expect(await storedNeeds()).toEqual([]);

    await writeDraft('branch_admin');
    await writeDraft('branch_user');
    // The bank's admins reach every company of the bank: the partner's prompt is the partner's.
    await writeDraft('bank_admin', { company_unique_code: MIRAI, need_category: 'buy' });
    const partnerPrompt = JSON.stringify(model.received.at(-1)?.body.messages);
    expect(partnerPrompt).toContain(MIRAI_SECRET);
    expect(partnerPrompt).not.toContain(SAKURA_NAME);
  });

  it('refuses an unknown style, category or an over-long hint (400) without asking the model', async () => {
    const response = await post(
      A,
      'bank_admin',
      WRITE,
      writeRequest({ writing_style: 'poetic', need_category: 'steal', hint: 'あ'.repeat(501) }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['hint', 'need_category', 'writing_style']);
    expect(model.received).toHaveLength(0);
  });
});

describe('the offer', () => {
  it("makes the draft an offer the company sees, and mails the company's owners once", async () => {
    const draft = await writeDraft();
    const offered = await offer(draft.needs_unique_code);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().result.message).toBe('ニーズを企業に提案しました');

    const [stored] = await storedNeeds();
    expect(stored?.need_offer_status).toBe('offered');
    expect(stored?.need_offered_by).toBe(await world.userIdOf(A, 'bank_admin'));
    expect(stored?.need_offered_at).toBeInstanceOf(Date);

    const mails = await world.db.withBank(A, (tx) => tx.select().from(mailOutbox));
    const [owner] = await world.db.withBank(A, (tx) =>
      tx
        .select({ email: users.user_email })
        .from(users)
        .where(and(eq(users.company_id, stored!.company_id), eq(users.user_type, 'company_owner'))),
    );
    expect(mails.map((mail) => [mail.mail_kind, mail.mail_to])).toEqual([
      ['matching.need_offer', owner?.email],
    ]);
    expect(mails[0]?.mail_subject).toContain('ニーズのご提案');
    expect(mails[0]?.mail_text).toContain(GOOD_DRAFT.title);
    expect(mails[0]?.mail_text).toContain('mypage/mybusiness/needs');

    const list = await get(A, 'company_owner', OFFERS);
    expect(list.statusCode).toBe(200);
    expect(list.json().result).toEqual([
      expect.objectContaining({
        ca_unique_code: draft.needs_unique_code,
        need_title: GOOD_DRAFT.title,
        need_visibility: 0,
        need_reach: 'bank',
      }),
    ]);
    // Another company of the bank sees none of it; an employee may not write needs.
    expect((await get(A, 'partner_company_owner', OFFERS)).json().result).toEqual([]);
    expect((await get(A, 'company_employee', OFFERS)).statusCode).toBe(403);

    // Offered once: a second offer is refused and mails no one.
    const again = await offer(draft.needs_unique_code);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(AICHAT_MESSAGES.notDrafted);
    expect(await world.db.withBank(A, (tx) => tx.select().from(mailOutbox))).toHaveLength(1);

    const audits = await world.db.withBank(A, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.target_id, draft.needs_unique_code)),
    );
    expect(audits.map((audit) => audit.action).sort()).toEqual(['DRAFT', 'PENDING']);
  });

  it("is refused for another branch's company and another bank (404), for a company's own need (404), and to company users (403)", async () => {
    const partnerDraft = await writeDraft('bank_admin', { company_unique_code: MIRAI });
    expect((await offer(partnerDraft.needs_unique_code, 'branch_admin')).statusCode).toBe(404);
    expect(
      (await post(B, 'bank_admin', OFFER, { needs_unique_code: partnerDraft.needs_unique_code })).statusCode,
    ).toBe(404);
    expect((await offer(partnerDraft.needs_unique_code, 'company_owner')).statusCode).toBe(403);
    const own = await post(A, 'company_owner', '/api/v1/mybusiness/needs', acceptFields());
    expect(own.statusCode, own.body).toBe(200);
    expect((await offer((own.json().result as OwnNeed).ca_unique_code)).statusCode).toBe(404);
    expect(await world.db.withBank(A, (tx) => tx.select().from(mailOutbox))).toEqual([]);
  });
});

describe("the company's answer", () => {
  async function offeredDraft() {
    const draft = await writeDraft();
    expect((await offer(draft.needs_unique_code)).statusCode).toBe(200);
    return draft.needs_unique_code;
  }

  it('accepted with edits, makes it the company’s own published need that the bank’s other companies find', async () => {
    const code = await offeredDraft();
    // Not the partner's to answer.
    expect(
      (await post(A, 'partner_company_owner', `${OFFERS}/${code}/accept`, acceptFields())).statusCode,
    ).toBe(404);
    const accepted = await post(A, 'company_owner', `${OFFERS}/${code}/accept`, acceptFields());
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(AICHAT_MESSAGES.accepted);
    expect(accepted.json().result).toMatchObject({
      ca_unique_code: code,
      need_title: '精密切削部品の販売先を募集します',
      need_visibility: 1,
      need_reach: 'bank',
      need_publish_status: 'PUBLISHING',
    });
    const [stored] = await storedNeeds();
    expect(stored).toMatchObject({
      need_offer_status: 'accepted',
      need_area_codes: ['13', '14'],
      need_updated_by: await world.userIdOf(A, 'company_owner'),
    });

    const own = (await get(A, 'company_owner', '/api/v1/mybusiness/needs')).json().result;
    expect(own.list.map((need: OwnNeed) => need.ca_unique_code)).toEqual([code]);
    expect((await get(A, 'company_owner', OFFERS)).json().result).toEqual([]);

    const found = await get(A, 'partner_company_owner', '/api/v1/ca/search?scope=own');
    expect(found.statusCode, found.body).toBe(200);
    const list = found.json().result.list as PublishedNeed[];
    expect(list.map((need) => [need.ca_unique_code, need.need_title, need.company_name])).toEqual([
      [code, '精密切削部品の販売先を募集します', SAKURA_NAME],
    ]);

    // Answered once.
    expect((await post(A, 'company_owner', `${OFFERS}/${code}/accept`, acceptFields())).statusCode).toBe(404);
    expect((await post(A, 'company_owner', `${OFFERS}/${code}/decline`)).statusCode).toBe(404);
    const audits = await world.db.withBank(A, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.target_id, code)),
    );
    expect(audits.map((audit) => audit.action).sort()).toEqual(['APPROVE', 'DRAFT', 'PENDING']);
  });

  it('is checked as a need is: unknown masters (422) and bad fields (400) leave the offer waiting', async () => {
    const code = await offeredDraft();
    const unknown = await post(
      A,
      'company_owner',
      `${OFFERS}/${code}/accept`,
      acceptFields({ need_industry_codes: ['00'] }),
    );
    expect(unknown.statusCode).toBe(422);
    const bad = await post(A, 'company_owner', `${OFFERS}/${code}/accept`, acceptFields({ need_title: '' }));
    expect(bad.statusCode).toBe(400);
    const [stored] = await storedNeeds();
    expect(stored?.need_offer_status).toBe('offered');
    expect((await get(A, 'company_owner', OFFERS)).json().result as NeedOffer[]).toHaveLength(1);
  });

  it('declined, leaves it out of the company’s needs, its offers and the search', async () => {
    const code = await offeredDraft();
    expect((await post(A, 'company_employee', `${OFFERS}/${code}/decline`)).statusCode).toBe(403);
    const declined = await post(A, 'company_user', `${OFFERS}/${code}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      message: AICHAT_MESSAGES.declined,
      result: { ca_unique_code: code },
    });
    const [stored] = await storedNeeds();
    expect(stored?.need_offer_status).toBe('declined');
    expect((await get(A, 'company_owner', OFFERS)).json().result).toEqual([]);
    expect((await get(A, 'company_owner', '/api/v1/mybusiness/needs')).json().result.list).toEqual([]);
    expect((await post(A, 'company_owner', `${OFFERS}/${code}/accept`, acceptFields())).statusCode).toBe(404);
    expect((await offer(code)).statusCode).toBe(422);
    const found = await get(A, 'partner_company_owner', '/api/v1/ca/search?scope=own');
    expect(found.json().result.list).toEqual([]);
  });
});
