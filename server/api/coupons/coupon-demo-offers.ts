import { eq } from 'drizzle-orm';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import type { ServiceOfferStatus } from '#server/contracts/service-offer.ts';
import { companies, serviceOffers } from '#server/db/schema.ts';
import { demoUniqueCode, type DemoLogin, type DomainSeed } from '#server/db/seeds/seed-context.ts';

interface DemoOffer {
  key: string;
  company: 'sakura-seiko' | 'mirai-tech';
  /** The demo account that wrote it. */
  writer: DemoLogin;
  title: string;
  body: string;
  category: string;
  benefit: string;
  target: string;
  /** Its first and last day, in days from the day of the seed (null: no last day). */
  from: number;
  to: number | null;
  status: ServiceOfferStatus;
  note: string | null;
}

/**
 * The demo offers: the partner company's published one, one approved for later and one it withdrew;
 * the owner's company's one in review and one the bank sent back with a note. So the company list's
 * クーポン数 shows on the partner company only (the owner's company has none approved yet), the
 * owner's page shows every status, the desk has one to decide, and GET /api/v1/cso/search answers the
 * owner's company an offer of another company.
 */
const DEMO_OFFERS: readonly DemoOffer[] = [
  {
    key: 'it-consulting',
    company: 'mirai-tech',
    writer: 'partner',
    title: 'IT・DXなんでも相談 初回60分無料',
    body: '社内のIT環境やクラウド活用、業務のデジタル化について、当社のエンジニアが初回60分無料でご相談に応じます。\nオンライン・訪問のどちらでも承ります。',
    category: 'business',
    benefit: '初回相談60分無料',
    target: '法人のお客さま',
    from: -30,
    to: 90,
    status: 'APPROVED',
    note: null,
  },
  {
    key: 'security-training',
    company: 'mirai-tech',
    writer: 'partner',
    title: '従業員向け情報セキュリティ研修 20%OFF',
    body: '標的型メール訓練とeラーニングを組み合わせた情報セキュリティ研修を、通常価格の20%引きでご提供します。',
    category: 'education',
    benefit: '研修費用20%OFF',
    target: '全従業員',
    from: 14,
    to: 180,
    status: 'APPROVED',
    note: null,
  },
  {
    key: 'pc-setup',
    company: 'mirai-tech',
    writer: 'partner',
    title: 'パソコン初期設定サービス 1台無料',
    body: '新しいパソコンの初期設定とデータ移行を、最初の1台に限り無料で承ります。',
    category: 'business',
    benefit: '1台目の設定無料',
    target: '法人のお客さま',
    from: -60,
    to: 30,
    status: 'CANCELLED',
    note: null,
  },
  {
    key: 'factory-tour',
    company: 'sakura-seiko',
    writer: 'owner',
    title: '工場見学と金属加工体験',
    body: '当社の精密加工工場を見学し、簡単な金属加工を体験いただけます（所要2時間・最大10名）。\nご家族連れも歓迎です。',
    category: 'leisure',
    benefit: '見学・体験無料',
    target: '従業員とそのご家族',
    from: 7,
    to: null,
    status: 'REVIEWING',
    note: null,
  },
  {
    key: 'prototype-discount',
    company: 'sakura-seiko',
    writer: 'owner',
    title: '試作品加工 初回10%OFF',
    body: 'アルミ・ステンレスの試作品加工を、初回のご注文に限り10%引きで承ります。',
    category: 'business',
    benefit: '初回ご注文10%OFF',
    target: '法人のお客さま',
    from: 0,
    to: 120,
    status: 'DISAPPROVAL',
    note: '割引の対象となる加工の種類と、割引の上限額を本文に記載してください。',
  },
];

/** The day `days` from `now`'s day in Japan, as the date columns keep it. */
const dayFrom = (now: Date, days: number) => japanDateString(new Date(now.getTime() + days * DAY_MS));

/** The coupons domain's demo data for one bank (idempotent: an offer already there is left as it is). */
export const seedCouponsDomain: DomainSeed = async ({ tx, bankCode, userIdOf, now }) => {
  const staff = userIdOf('bankadmin');
  for (const offer of DEMO_OFFERS) {
    const [company] = await tx
      .select({ id: companies.company_id })
      .from(companies)
      .where(eq(companies.company_unique_code, demoUniqueCode(bankCode, 'company', offer.company)));
    if (!company) throw new Error(`the demo company ${offer.company} is missing`);
    const decided = offer.status === 'APPROVED' || offer.status === 'DISAPPROVAL';
    await tx
      .insert(serviceOffers)
      .values({
        cso_unique_code: demoUniqueCode(bankCode, 'service-offer', offer.key),
        company_id: company.id,
        cso_title: offer.title,
        cso_body: offer.body,
        cso_category: offer.category,
        cso_status: offer.status,
        cso_benefit: offer.benefit,
        cso_target: offer.target,
        cso_publish_start: dayFrom(now, offer.from),
        cso_publish_end: offer.to === null ? null : dayFrom(now, offer.to),
        cso_review_note: offer.note,
        cso_reviewed_by: decided ? staff : null,
        cso_reviewed_at: decided ? now : null,
        cso_updated_by: userIdOf(offer.writer),
        cso_created_at: now,
        cso_updated_at: now,
      })
      .onConflictDoNothing();
  }
};
