import { eq, inArray } from 'drizzle-orm';
import type { ArticleKind, ArticleTarget, PartnerInformationStatus } from '#server/contracts/news.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import type { DbTransaction } from '../database.ts';
import { articleReads, articles, partnerBanks, seminarApplications } from '../schema/news.ts';
import { users } from '../schema/users.ts';
import type { DemoBank } from '../demo-banks.ts';
import { updateFromIncoming } from '../upsert.ts';
import type { DemoLogin, DomainSeed } from './seed-context.ts';

/** A calendar day (YYYY-MM-DD) `days` after `day`. */
function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Where a demo item's dates lie, in days from the seed's day (in Japan). */
interface DemoSchedule {
  start: number;
  end?: number;
}

interface DemoArticle {
  kind: ArticleKind;
  /** The demo item's key on a later run: kind and title (articles have no other natural key). */
  title: string;
  category: string | null;
  body: string;
  schedule: DemoSchedule;
  visibility?: 0 | 1;
  target?: ArticleTarget;
  /** Provided by the portal's operator rather than written by the bank's staff. */
  provider?: string;
  pi?: { status: PartnerInformationStatus; partner: string };
  seminar?: {
    /** Days from the seed's day, and the hour it starts (Japan time). */
    heldInDays: number;
    hour: number;
    place: string;
    capacity: number;
    deadlineInDays: number;
    cancelled?: boolean;
    /** Demo logins (before `-{code}`) who applied, written when the seminar is first seeded. */
    applicants?: readonly DemoLogin[];
  };
  /** Demo logins who have already opened it. */
  readBy?: readonly DemoLogin[];
}

const OPERATOR = 'ビジネスポータル運営事務局';

/**
 * What a bank has published, as its companies would find it on a weekday: news of every category,
 * and the cases the pages must handle (private, for partners or non-partners only, scheduled,
 * ended, provided by the operator), columns, seminars (open, full, held, cancelled), partner
 * information in several review states. Bodies are plain, allowlisted HTML (rich-text.ts).
 */
const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    kind: 'news',
    title: '一部店舗の窓口営業時間延長のお知らせ',
    category: 'important',
    schedule: { start: -2 },
    body: '<p>平素より格別のお引き立てを賜り、誠にありがとうございます。</p><p>来月1日より、駅前支店と港町支店の窓口営業時間を<strong>午前9時から午後5時まで</strong>に延長いたします。ほかの店舗の営業時間に変更はありません。</p><p>今後とも変わらぬお引き立てを賜りますようお願い申し上げます。</p>',
    readBy: ['owner', 'user'],
  },
  {
    kind: 'news',
    title: 'ビジネスポータルに請求書発行機能を追加しました',
    category: 'new_feature',
    schedule: { start: -6 },
    body: '<p>ビジネスポータルから請求書を作成・送付できるようになりました。</p><h2>主な機能</h2><ul><li>請求書・見積書のテンプレート作成</li><li>取引先へのメール送付</li><li>入金状況の確認</li></ul><p>詳しくはメニューの「請求書サービス」をご覧ください。</p>',
    readBy: ['owner'],
  },
  {
    kind: 'news',
    title: 'システムメンテナンスに伴うサービス停止のお知らせ',
    category: 'maintenance',
    schedule: { start: -1, end: 10 },
    body: '<p>システムメンテナンスのため、下記の時間帯はビジネスポータルをご利用いただけません。</p><table><tbody><tr><th scope="row">停止日時</th><td>次の日曜日 午前1時〜午前6時</td></tr><tr><th scope="row">対象</th><td>ビジネスポータルのすべての機能</td></tr></tbody></table><p>作業の進み具合により、終了時刻が前後する場合があります。</p>',
  },
  {
    kind: 'news',
    title: '事業再構築補助金の公募が始まりました',
    category: 'subsidy',
    schedule: { start: -12 },
    body: '<p>新分野展開や業態転換に取り組む中小企業を支援する補助金の公募が始まりました。</p><p>申請をご検討の方は、補助金検索から要件をご確認のうえ、お取引店の担当者へお気軽にご相談ください。</p>',
  },
  {
    kind: 'news',
    title: '法人向けインターネットバンキングの振込手数料改定について',
    category: 'bank',
    schedule: { start: -20 },
    body: '<p>来月1日より、法人向けインターネットバンキングの他行宛て振込手数料を改定いたします。</p><ul><li>3万円未満：税込330円 → 税込275円</li><li>3万円以上：税込440円 → 税込385円</li></ul><p>今後とも変わらぬご愛顧を賜りますようお願い申し上げます。</p>',
  },
  {
    kind: 'news',
    title: '事業承継セミナーの参加者を募集しています',
    category: 'seminar',
    schedule: { start: -4 },
    body: '<p>後継者への引継ぎをお考えの経営者さまを対象に、事業承継セミナーを開催します。</p><p>お申込みはメニューの「セミナー」からどうぞ。定員になり次第締め切ります。</p>',
  },
  {
    kind: 'news',
    title: 'キャッシュレス決済導入応援キャンペーンのご案内',
    category: 'campaign',
    schedule: { start: -8, end: 45 },
    body: '<p>期間中に当行の加盟店サービスをお申し込みいただいた事業者さまに、決済端末の導入費用を全額負担いたします。</p><p>キャンペーンの詳細は<a href="https://www.example.com/campaign/cashless" target="_blank" rel="noopener noreferrer">キャンペーンページ</a>をご覧ください。</p>',
  },
  {
    kind: 'news',
    title: '新しい融資商品のご案内（準備中）',
    category: 'notice',
    visibility: 0,
    schedule: { start: -1 },
    body: '<p>行内で確認中の原稿です。公開前に金利と対象を確定してください。</p>',
  },
  {
    kind: 'news',
    title: 'パートナー企業の皆さまへ：ご紹介制度のご案内',
    category: 'notice',
    target: 'partner',
    schedule: { start: -3 },
    body: '<p>パートナー企業の皆さまが当行のお取引先をご紹介くださった場合の紹介制度を設けました。</p><p>ご紹介の手続きは、担当者までお問い合わせください。</p>',
  },
  {
    kind: 'news',
    title: 'お取引先さま限定：無料経営相談会のご案内',
    category: 'bank',
    target: 'non_partner',
    schedule: { start: -5 },
    body: '<p>中小企業診断士による無料の経営相談会を本店で開催します。資金繰り、販路開拓、人材確保など、どのようなご相談でも承ります。</p>',
  },
  {
    kind: 'news',
    title: 'ビジネスポータルの新しいダッシュボードを公開します',
    category: 'notice',
    schedule: { start: 14 },
    body: '<p>よく使う機能とお知らせを一画面で確認できる、新しいダッシュボードを公開します。公開後は自動的に切り替わります。</p>',
  },
  {
    kind: 'news',
    title: 'お問い合わせ窓口の臨時休業について',
    category: 'notice',
    schedule: { start: -90, end: -60 },
    body: '<p>設備点検のため、お問い合わせ窓口を臨時休業いたしました。休業中にいただいたお問い合わせには、順にご回答しております。</p>',
  },
  {
    kind: 'news',
    title: 'インボイス制度の基礎知識：登録から保存まで',
    category: 'notice',
    provider: OPERATOR,
    schedule: { start: -15 },
    body: '<p>適格請求書等保存方式（インボイス制度）の基本を、登録申請から請求書の記載事項、保存の方法までまとめました。</p><h2>記載が必要な事項</h2><ol><li>登録番号</li><li>適用税率</li><li>税率ごとに区分した消費税額等</li></ol>',
  },
  {
    kind: 'column',
    title: '資金繰り表の作り方：押さえておきたい3つのポイント',
    category: null,
    schedule: { start: -3 },
    body: '<p>資金繰り表は、会社のお金の出入りを月ごとに見える化するための表です。</p><h2>1. 入金と出金の時期を分けて書く</h2><p>売上が立つ月と入金される月は異なります。</p><h2>2. 季節の変動を織り込む</h2><p>賞与や納税の月は出金が増えます。</p><h2>3. 毎月見直す</h2><p>実績と比べて、予定を更新しましょう。</p>',
  },
  {
    kind: 'column',
    title: '中小企業のためのサイバーセキュリティ入門',
    category: null,
    schedule: { start: -10 },
    body: '<p>取引先を装ったメールによる被害が増えています。まずは次の対策から始めましょう。</p><ul><li>OSとソフトウェアを最新に保つ</li><li>パスワードを使い回さない</li><li>振込先の変更依頼は電話で確認する</li></ul>',
  },
  {
    kind: 'column',
    title: '事業承継は10年前から：早めの準備が大切な理由',
    category: null,
    provider: OPERATOR,
    schedule: { start: -25 },
    body: '<p>後継者の育成や株式の移転には、一般に5年から10年かかるといわれます。早めに準備を始めることで、選択肢が広がります。</p>',
  },
  {
    kind: 'column',
    title: '人手不足の時代に考える業務のデジタル化',
    category: null,
    schedule: { start: -40 },
    body: '<p>紙の伝票や手作業の集計をデジタル化すると、限られた人数でも業務を回せるようになります。小さな業務から試してみましょう。</p>',
  },
  {
    kind: 'seminar',
    title: 'はじめての事業承継セミナー',
    category: null,
    schedule: { start: -4 },
    body: '<p>事業承継の進め方と、税制上の特例の使い方を、事例を交えてわかりやすく解説します。</p><p>講師：こもれび税理士法人 税理士 松本 由紀</p>',
    seminar: {
      heldInDays: 21,
      hour: 14,
      place: '本店 3階 大会議室',
      capacity: 30,
      deadlineInDays: 14,
      applicants: ['owner'],
    },
  },
  {
    kind: 'seminar',
    title: '経営者のためのDX実践講座（少人数制）',
    category: null,
    schedule: { start: -9 },
    body: '<p>少人数で、自社の業務のどこからデジタル化するかを一緒に考えるワークショップです。</p>',
    seminar: {
      heldInDays: 10,
      hour: 15,
      place: 'オンライン（Zoom）',
      capacity: 2,
      deadlineInDays: 7,
      applicants: ['user', 'partner'],
    },
  },
  {
    kind: 'seminar',
    title: '補助金活用セミナー',
    category: null,
    schedule: { start: -60 },
    body: '<p>補助金の探し方から申請書の書き方まで、採択されるためのポイントをお伝えしました。</p>',
    seminar: {
      heldInDays: -14,
      hour: 13,
      place: '駅前支店 2階 会議室',
      capacity: 40,
      deadlineInDays: -21,
      applicants: ['owner'],
    },
  },
  {
    kind: 'seminar',
    title: '海外展開セミナー：東南アジア市場への進出',
    category: null,
    schedule: { start: -7 },
    body: '<p>講師の都合により、本セミナーは中止となりました。お申し込みの皆さまには個別にご連絡いたします。</p>',
    seminar: {
      heldInDays: 30,
      hour: 14,
      place: '本店 3階 大会議室',
      capacity: 20,
      deadlineInDays: 23,
      cancelled: true,
    },
  },
  {
    kind: 'partner_information',
    title: 'クラウド会計の導入を無料でお手伝いします',
    category: null,
    schedule: { start: -6 },
    body: '<p>クラウド会計の初期設定から、銀行口座との連携まで、専任のスタッフが無料でお手伝いします。</p>',
    pi: { status: 'PUBLISHING', partner: '株式会社ミライテック・ソリューションズ' },
  },
  {
    kind: 'partner_information',
    title: '創業融資の申請書類作成サポート',
    category: null,
    schedule: { start: -1 },
    body: '<p>創業計画書の作成から金融機関との面談準備まで、税理士がサポートします。</p>',
    pi: { status: 'REVIEWING', partner: 'こもれび税理士法人' },
  },
  {
    kind: 'partner_information',
    title: 'IT導入補助金の活用相談会',
    category: null,
    schedule: { start: 7, end: 60 },
    body: '<p>IT導入補助金の対象となるツールの選び方と申請の流れをご説明します。</p>',
    pi: { status: 'BEFORE_PUBLISHING', partner: '株式会社ミライテック・ソリューションズ' },
  },
];

/** Banks a demo bank partners with (fictional; the codes are not real banks'). */
const DEMO_PARTNER_BANKS = [
  {
    code: '1991',
    name: '青葉台信用金庫',
    description: '県北地域のお客さまの事業資金や創業をご支援しています。',
    url: 'https://www.example.com/aobadai-shinkin',
  },
  {
    code: '2991',
    name: 'みなと共同信用組合',
    description:
      '港湾・物流関連の事業者さまとのお取引を中心に、地域に根ざした金融サービスをご提供しています。',
    url: 'https://www.example.com/minato-kyodo',
  },
  {
    code: '1992',
    name: 'ことり信用金庫',
    description: null,
    url: null,
  },
] as const;

function demoArticleRow(article: DemoArticle, today: string) {
  const seminar = article.seminar;
  return {
    article_kind: article.kind,
    article_title: article.title,
    article_body: article.body,
    category_code: article.category,
    article_visibility: article.visibility ?? 1,
    article_publish_start: dayAfter(today, article.schedule.start),
    article_publish_end: article.schedule.end === undefined ? null : dayAfter(today, article.schedule.end),
    article_target: article.target ?? 'all',
    article_is_own_bank: article.provider === undefined,
    article_provider_name: article.pi?.partner ?? article.provider ?? null,
    pi_status: article.pi?.status ?? null,
    seminar_held_at: seminar
      ? new Date(
          `${dayAfter(today, seminar.heldInDays)}T${String(seminar.hour).padStart(2, '0')}:00:00+09:00`,
        )
      : null,
    seminar_place: seminar?.place ?? null,
    seminar_capacity: seminar?.capacity ?? null,
    seminar_apply_deadline: seminar ? dayAfter(today, seminar.deadlineInDays) : null,
    seminar_is_cancelled: seminar?.cancelled ?? false,
  };
}

/**
 * The news domain's demo data: the items above with their dates counted from the seed's day, so
 * the demo stays current (a later run moves the dates of the demo items it finds, by kind and
 * title, and leaves everything else the staff changed), a few read marks and seminar applications,
 * and the partner banks. Applications are written only with a seminar first seeded, its count set
 * to match, so a run never puts the count and the applications out of step. Uploads need the file
 * storage: the demo has none.
 */
async function seedNewsDomain(
  tx: DbTransaction,
  bank: DemoBank,
  userIdOf: (login: DemoLogin) => number,
  now: Date = new Date(),
) {
  const today = japanDateString(now);
  const existing = await tx
    .select({
      article_id: articles.article_id,
      article_kind: articles.article_kind,
      article_title: articles.article_title,
      article_publish_start: articles.article_publish_start,
      article_publish_end: articles.article_publish_end,
      seminar_held_at: articles.seminar_held_at,
      seminar_apply_deadline: articles.seminar_apply_deadline,
    })
    .from(articles)
    .where(
      inArray(
        articles.article_title,
        DEMO_ARTICLES.map((article) => article.title),
      ),
    );
  for (const article of DEMO_ARTICLES) {
    const row = demoArticleRow(article, today);
    const found = existing.find(
      (candidate) => candidate.article_kind === article.kind && candidate.article_title === article.title,
    );
    let articleId: number;
    if (found) {
      articleId = found.article_id;
      const dates = {
        article_publish_start: row.article_publish_start,
        article_publish_end: row.article_publish_end,
        seminar_held_at: row.seminar_held_at,
        seminar_apply_deadline: row.seminar_apply_deadline,
      };
      const moved =
        found.article_publish_start !== dates.article_publish_start ||
        found.article_publish_end !== dates.article_publish_end ||
        found.seminar_held_at?.getTime() !== dates.seminar_held_at?.getTime() ||
        found.seminar_apply_deadline !== dates.seminar_apply_deadline;
      if (moved) await tx.update(articles).set(dates).where(eq(articles.article_id, articleId));
    } else {
      const applicants = article.seminar?.applicants ?? [];
      const [inserted] = await tx
        .insert(articles)
        .values({ ...row, seminar_applied_count: applicants.length })
        .returning({ article_id: articles.article_id });
      if (!inserted) throw new Error(`demo article ${article.title} was not inserted`);
      articleId = inserted.article_id;
      if (applicants.length > 0) {
        const companyIds = await tx
          .select({ user_id: users.user_id, company_id: users.company_id })
          .from(users)
          .where(inArray(users.user_id, applicants.map(userIdOf)));
        await tx.insert(seminarApplications).values(
          companyIds.map(({ user_id, company_id }) => {
            if (company_id === null) throw new Error('a demo seminar applicant without a company');
            return { article_id: articleId, user_id, company_id };
          }),
        );
      }
    }
    if (article.readBy?.length) {
      await tx
        .insert(articleReads)
        .values(article.readBy.map((login) => ({ user_id: userIdOf(login), article_id: articleId })))
        .onConflictDoNothing();
    }
  }
  await tx
    .insert(partnerBanks)
    .values(
      DEMO_PARTNER_BANKS.map((partner, index) => ({
        babank_code: partner.code,
        babank_name: partner.name,
        babank_description: partner.description,
        babank_url: partner.url,
        babank_sort_order: index + 1,
      })),
    )
    .onConflictDoUpdate({
      target: [partnerBanks.bank_code, partnerBanks.babank_code],
      ...updateFromIncoming(partnerBanks, { key: [partnerBanks.bank_code, partnerBanks.babank_code] }),
    });
}

/** The news domain's items in every state, their reads and applications, and the partner banks. */
export const seedNews: DomainSeed = ({ tx, bankCode, bankName, userIdOf, now }) =>
  seedNewsDomain(tx, { code: bankCode, bank_name: bankName }, userIdOf, now);
