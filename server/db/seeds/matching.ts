import { and, eq } from 'drizzle-orm';
import { japanDateString } from '#server/contracts/japan-day.ts';
import type { NeedCategoryCode } from '#server/contracts/need-categories.ts';
import {
  companies,
  matchingAgentRequests,
  matchingAgreements,
  matchingCampaigns,
  matchingDealMessages,
  matchingDeals,
  needs,
} from '../schema.ts';
import { DAY_MS } from '#server/contracts/japan-day.ts';
import { demoUniqueCode, type DomainSeed } from './seed-context.ts';

interface DemoNeed {
  key: string;
  company: string;
  title: string;
  category: NeedCategoryCode;
  industries: string[];
  areas: string[];
  body: string;
  /** Days from the seed's day: the first day, and the last (null: none). */
  from: number;
  to: number | null;
  visibility: 0 | 1;
  nationwide: boolean;
}

/** Fictional needs of the demo companies (server/db/demo-banks.ts), of every category. */
const DEMO_NEEDS: readonly DemoNeed[] = [
  {
    key: 'cnc-lathe',
    company: 'sakura-seiko',
    title: 'CNC旋盤の加工を協力会社にお願いしたい',
    category: 'build',
    industries: ['26'],
    areas: ['13', '14'],
    body: '受注増加のため、アルミ・ステンレス部品のCNC旋盤加工をお願いできる協力会社を探しています。\n月100〜300個程度、図面支給です。',
    from: -20,
    to: 90,
    visibility: 1,
    nationwide: true,
  },
  {
    key: 'frozen-gyoza',
    company: 'minato-foods',
    title: '冷凍餃子の販路を広げたい',
    category: 'sell',
    industries: ['09'],
    areas: [],
    body: '地元の野菜を使った冷凍餃子の卸先を探しています。スーパー、飲食店、ふるさと納税の返礼品などでお取り扱いいただける企業さまを歓迎します。',
    from: -10,
    to: null,
    visibility: 1,
    nationwide: true,
  },
  {
    key: 'warehouse-space',
    company: 'tsubame-unyu',
    title: '倉庫スペースを貸したい（常温300坪）',
    category: 'lease',
    industries: ['44', '47'],
    areas: ['13'],
    body: '湾岸エリアの自社倉庫に常温300坪の空きがあります。短期・長期どちらもご相談ください。入出庫作業の請負も可能です。',
    from: -5,
    to: 60,
    visibility: 1,
    nationwide: false,
  },
  {
    key: 'scaffolding',
    company: 'aoba-kensetsu',
    title: '仮設足場の資材を借りたい',
    category: 'rent',
    industries: ['06'],
    areas: ['13', '11'],
    body: '来春の集合住宅改修工事のため、仮設足場の資材を3か月ほどお借りしたいと考えています。運搬をお願いできると助かります。',
    from: -3,
    to: 120,
    visibility: 1,
    nationwide: false,
  },
  {
    key: 'used-forklift',
    company: 'mirai-tech',
    title: '中古のフォークリフトを買いたい',
    category: 'buy',
    industries: ['39'],
    areas: [],
    body: '物流拠点の立ち上げに合わせて、2トンクラスの中古フォークリフトを2台探しています。整備記録のあるものを希望します。',
    from: -1,
    to: 45,
    visibility: 1,
    nationwide: true,
  },
  {
    key: 'office-cleaning',
    company: 'hidamari-care',
    title: '介護施設の清掃を委託したい（準備中）',
    category: 'build',
    industries: ['85'],
    areas: ['13'],
    body: '来年度からの施設清掃の委託先を検討しています。公開前の下書きです。',
    from: 0,
    to: null,
    visibility: 0,
    nationwide: false,
  },
];

/** The demo companies' agreements to the matching terms: agreed or waiting (cafe-kotori: never asked). */
const DEMO_AGREEMENTS: readonly [company: string, agreed: boolean][] = [
  ['sakura-seiko', true],
  ['minato-foods', true],
  ['aoba-kensetsu', true],
  ['hidamari-care', true],
  ['tsubame-unyu', true],
  ['mirai-tech', true],
  ['komorebi-tax', true],
  ['hanamizuki-kobo', false],
];

/** The demo deal: the owner's company asks the warehouse's company, which has not answered yet. */
const DEMO_DEAL = {
  key: 'warehouse-request',
  need: 'warehouse-space',
  sender: 'sakura-seiko',
  type: 'deal',
  message: '製品在庫の一時保管先を探しております。来月から3か月ほど、100坪程度お借りできないでしょうか。',
};

const dayFrom = (now: Date, days: number) => japanDateString(new Date(now.getTime() + days * DAY_MS));

/**
 * The matching domain's demo data for one bank (idempotent): needs of the demo companies — public
 * and private, some nationwide where the bank takes part in the network — and one deal request
 * from the demo owner's company that waits for an answer.
 */
export const seedMatching: DomainSeed = async ({ tx, bankCode, userIdOf, now }) => {
  const companyOf = async (key: string) => {
    const [row] = await tx
      .select({ id: companies.company_id, code: companies.company_unique_code, name: companies.company_name })
      .from(companies)
      .where(eq(companies.company_unique_code, demoUniqueCode(bankCode, 'company', key)));
    if (!row) throw new Error(`the demo company ${key} is missing`);
    return row;
  };
  const owner = userIdOf('owner');
  // Every demo company but two has agreed to the matching terms; one waits, one was never asked.
  for (const [key, agreed] of DEMO_AGREEMENTS) {
    const company = await companyOf(key);
    await tx
      .insert(matchingAgreements)
      .values({
        company_id: company.id,
        agreement_unique_code: demoUniqueCode(bankCode, 'agreement', key),
        agreement_agreed_at: agreed ? now : null,
      })
      .onConflictDoNothing();
  }
  for (const need of DEMO_NEEDS) {
    const company = await companyOf(need.company);
    await tx
      .insert(needs)
      .values({
        need_unique_code: demoUniqueCode(bankCode, 'need', need.key),
        company_id: company.id,
        need_title: need.title,
        need_category: need.category,
        need_industry_codes: need.industries,
        need_area_codes: need.areas,
        need_body: need.body,
        need_period_start: dayFrom(now, need.from),
        need_period_end: need.to === null ? null : dayFrom(now, need.to),
        need_visibility: need.visibility,
        need_reach: need.nationwide ? 'nationwide' : 'bank',
        need_created_by: owner,
        need_updated_by: owner,
        need_created_at: new Date(now.getTime() + need.from * DAY_MS),
        need_updated_at: new Date(now.getTime() + need.from * DAY_MS),
      })
      .onConflictDoNothing();
  }

  // A campaign of this month, featuring the public needs, and the owner's request for an introduction.
  await tx
    .insert(matchingCampaigns)
    .values({
      campaign_unique_code: demoUniqueCode(bankCode, 'campaign', 'spring'),
      campaign_title: 'ビジネスマッチング強化月間',
      campaign_body:
        '地域の企業どうしの商談を応援します。期間中は、掲載中のニーズへの商談依頼に当行の担当者がご同行します。',
      campaign_start: dayFrom(now, -7),
      campaign_end: dayFrom(now, 23),
      campaign_need_codes: DEMO_NEEDS.filter((need) => need.visibility === 1).map((need) =>
        demoUniqueCode(bankCode, 'need', need.key),
      ),
      campaign_updated_by: userIdOf('bankadmin'),
    })
    .onConflictDoNothing();
  await tx
    .insert(matchingAgentRequests)
    .values({
      agent_request_unique_code: demoUniqueCode(bankCode, 'agent-request', 'packaging'),
      company_id: (await companyOf('sakura-seiko')).id,
      agent_request_body: '精密部品の梱包資材を安定して仕入れられる取引先を紹介してください。',
      agent_requested_by: owner,
    })
    .onConflictDoNothing();

  const dealCode = demoUniqueCode(bankCode, 'deal', DEMO_DEAL.key);
  const [existing] = await tx
    .select({ id: matchingDeals.cmh_id })
    .from(matchingDeals)
    .where(eq(matchingDeals.cmh_unique_code, dealCode));
  if (existing) return;
  const sender = await companyOf(DEMO_DEAL.sender);
  const [need] = await tx
    .select()
    .from(needs)
    .where(and(eq(needs.need_unique_code, demoUniqueCode(bankCode, 'need', DEMO_DEAL.need))));
  if (!need) throw new Error('the demo need of the demo deal is missing');
  const receiver = await companyOf(DEMO_NEEDS.find((item) => item.key === DEMO_DEAL.need)?.company ?? '');
  const [deal] = await tx
    .insert(matchingDeals)
    .values({
      cmh_unique_code: dealCode,
      sender_company_id: sender.id,
      sender_user_id: owner,
      sender_company_unique_code: sender.code,
      sender_company_name: sender.name,
      receiver_bank_code: bankCode,
      receiver_company_id: receiver.id,
      receiver_company_unique_code: receiver.code,
      receiver_company_name: receiver.name,
      need_id: need.need_id,
      need_unique_code: need.need_unique_code,
      need_title: need.need_title,
      need_category: need.need_category,
      cmh_request_type: DEMO_DEAL.type,
    })
    .returning();
  if (!deal) return;
  await tx.insert(matchingDealMessages).values({
    bank_code: bankCode,
    cmh_id: deal.cmh_id,
    receiver_bank_code: bankCode,
    message_side: 'sender',
    message_kind: 'request',
    message_body: DEMO_DEAL.message,
    message_user_id: owner,
    // Demo data: nobody is mailed about it.
    message_notified_at: now,
  });
};
