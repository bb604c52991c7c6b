import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database, DbTransaction } from './database.ts';
import { ensureBankPermissions } from './default-permissions.ts';
import type { CompanyTypeCode, UserTypeCode } from '../contracts/accounts.ts';
import { hashPassword } from './password-hash.ts';
import type { InquiryCategoryCode, InquiryStatus } from '../contracts/inquiry.ts';
import type { ArticleKind, ArticleTarget, PartnerInformationStatus } from '../contracts/news.ts';
import { japanDateString } from '../contracts/validation.ts';
import { bankBranches } from './schema/bank-branches.ts';
import { companies } from './schema/companies.ts';
import { inquiries } from './schema/inquiries.ts';
import { articleReads, articles, partnerBanks, seminarApplications } from './schema/news.ts';
import { userBranches, users } from './schema/users.ts';
import { updateFromIncoming } from './upsert.ts';
import { seedFeatureRequests } from './seeds/feature-requests.ts';
import { seedManuals } from './seeds/manual.ts';
import { seedPaymentCards } from './seeds/payment-cards.ts';
import type { DomainSeed, SeedContext } from './seeds/seed-context.ts';

/** The domains' demo data, in order (each may build on the accounts and the ones before it). */
const DOMAIN_SEEDS: readonly DomainSeed[] = [seedManuals, seedFeatureRequests, seedPaymentCards];

/** The password of every demo account (README lists the logins). */
export const DEMO_PASSWORD = 'demo-password';

/** A bank to seed: its code (the name stays in tenants/; the seed stores no bank names). */
export interface DemoBank {
  code: string;
  bank_name: string;
}

/** Branches every demo bank has: 店番, name, kana. */
const DEMO_BRANCHES = [
  ['001', '本店営業部', 'ホンテンエイギョウブ'],
  ['010', '駅前支店', 'エキマエシテン'],
  ['020', '中央通支店', 'チュウオウドオリシテン'],
  ['030', '工業団地支店', 'コウギョウダンチシテン'],
  ['040', '港町支店', 'ミナトマチシテン'],
  ['050', '法人営業部', 'ホウジンエイギョウブ'],
] as const;
type DemoBranchCode = (typeof DEMO_BRANCHES)[number][0];

interface DemoCompany {
  key: string;
  type: CompanyTypeCode;
  name: string;
  kana: string;
  /** The 12 digits of the corporate number after its check digit; null for a sole proprietor. */
  corporateNumberBase: string | null;
  branch: DemoBranchCode;
  industry: readonly [major: string, middle: string];
  representative: string;
  establishedOn: string;
  closingMonth: number;
  employees: number;
  enableBa: boolean;
  enableBaportal: boolean;
}

/** Fictional companies of every type (any resemblance to a real company is unintended). */
const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    key: 'sakura-seiko',
    type: 'normal',
    name: 'さくら精工株式会社',
    kana: 'サクラセイコウ',
    corporateNumberBase: '100001012345',
    branch: '001',
    industry: ['E', '26'],
    representative: '佐藤 健一',
    establishedOn: '1978-04-01',
    closingMonth: 3,
    employees: 86,
    enableBa: true,
    enableBaportal: false,
  },
  {
    key: 'minato-foods',
    type: 'normal',
    name: '株式会社みなと食品',
    kana: 'ミナトショクヒン',
    corporateNumberBase: '100001023456',
    branch: '040',
    industry: ['E', '09'],
    representative: '小林 洋子',
    establishedOn: '1991-10-15',
    closingMonth: 9,
    employees: 42,
    enableBa: true,
    enableBaportal: false,
  },
  {
    key: 'aoba-kensetsu',
    type: 'normal',
    name: '有限会社あおば建設',
    kana: 'アオバケンセツ',
    corporateNumberBase: '200002034567',
    branch: '020',
    industry: ['D', '06'],
    representative: '加藤 隆',
    establishedOn: '1985-06-01',
    closingMonth: 5,
    employees: 18,
    enableBa: true,
    enableBaportal: false,
  },
  {
    key: 'hidamari-care',
    type: 'normal',
    name: '株式会社ひだまり介護サービス',
    kana: 'ヒダマリカイゴサービス',
    corporateNumberBase: '300003045678',
    branch: '010',
    industry: ['P', '85'],
    representative: '吉田 恵',
    establishedOn: '2008-02-01',
    closingMonth: 3,
    employees: 54,
    enableBa: true,
    enableBaportal: false,
  },
  {
    key: 'tsubame-unyu',
    type: 'normal',
    name: 'つばめ運輸株式会社',
    kana: 'ツバメウンユ',
    corporateNumberBase: '400004056789',
    branch: '030',
    industry: ['H', '44'],
    representative: '山田 修',
    establishedOn: '1969-09-01',
    closingMonth: 12,
    employees: 120,
    enableBa: true,
    enableBaportal: false,
  },
  {
    key: 'mirai-tech',
    type: 'partner',
    name: '株式会社ミライテック・ソリューションズ',
    kana: 'ミライテックソリューションズ',
    corporateNumberBase: '500005067890',
    branch: '050',
    industry: ['G', '39'],
    representative: '田中 直樹',
    establishedOn: '2012-07-02',
    closingMonth: 6,
    employees: 35,
    enableBa: true,
    enableBaportal: false,
  },
  {
    key: 'komorebi-tax',
    type: 'partner',
    name: 'こもれび税理士法人',
    kana: 'コモレビゼイリシホウジン',
    corporateNumberBase: '600006078901',
    branch: '001',
    industry: ['L', '72'],
    representative: '松本 由紀',
    establishedOn: '2015-04-01',
    closingMonth: 3,
    employees: 12,
    enableBa: true,
    enableBaportal: false,
  },
  {
    key: 'cafe-kotori',
    type: 'baportal',
    name: 'カフェ・ことり',
    kana: 'カフェコトリ',
    corporateNumberBase: null,
    branch: '010',
    industry: ['M', '76'],
    representative: '井上 千尋',
    establishedOn: '2019-11-01',
    closingMonth: 12,
    employees: 4,
    enableBa: false,
    enableBaportal: true,
  },
  {
    key: 'hanamizuki-kobo',
    type: 'baportal',
    name: '株式会社はなみずき工房',
    kana: 'ハナミズキコウボウ',
    corporateNumberBase: '700007089012',
    branch: '020',
    industry: ['E', '32'],
    representative: '木村 翔太',
    establishedOn: '2016-03-01',
    closingMonth: 2,
    employees: 9,
    enableBa: false,
    enableBaportal: true,
  },
];
interface DemoUser {
  /** Login id before `-{bank code}`. */
  login: string;
  type: UserTypeCode;
  /** The key of the demo company the account belongs to; null for bank staff. */
  company: string | null;
  branches: readonly DemoBranchCode[];
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  role: string;
  restrictsToBranches: boolean;
}

/** One account of each of the eight types. */
const DEMO_USERS: readonly DemoUser[] = [
  {
    login: 'owner',
    type: 'company_owner',
    company: 'sakura-seiko',
    branches: [],
    lastName: '佐藤',
    firstName: '健一',
    lastNameKana: 'サトウ',
    firstNameKana: 'ケンイチ',
    role: '代表取締役',
    restrictsToBranches: false,
  },
  {
    login: 'user',
    type: 'company_user',
    company: 'sakura-seiko',
    branches: [],
    lastName: '鈴木',
    firstName: '美咲',
    lastNameKana: 'スズキ',
    firstNameKana: 'ミサキ',
    role: '総務部長',
    restrictsToBranches: false,
  },
  {
    login: 'employee',
    type: 'company_employee',
    company: 'sakura-seiko',
    branches: [],
    lastName: '高橋',
    firstName: '大輔',
    lastNameKana: 'タカハシ',
    firstNameKana: 'ダイスケ',
    role: '製造部',
    restrictsToBranches: false,
  },
  {
    login: 'partner',
    type: 'partner_company_owner',
    company: 'mirai-tech',
    branches: [],
    lastName: '田中',
    firstName: '直樹',
    lastNameKana: 'タナカ',
    firstNameKana: 'ナオキ',
    role: '代表取締役',
    restrictsToBranches: false,
  },
  {
    login: 'sysadmin',
    type: 'system_admin',
    company: null,
    branches: [],
    lastName: '伊藤',
    firstName: '誠',
    lastNameKana: 'イトウ',
    firstNameKana: 'マコト',
    role: 'システム部',
    restrictsToBranches: false,
  },
  {
    login: 'bankadmin',
    type: 'bank_admin',
    company: null,
    branches: [],
    lastName: '渡辺',
    firstName: '真理子',
    lastNameKana: 'ワタナベ',
    firstNameKana: 'マリコ',
    role: '営業企画部',
    restrictsToBranches: false,
  },
  {
    login: 'branchadmin',
    type: 'branch_admin',
    company: null,
    branches: ['001'],
    lastName: '山本',
    firstName: '浩二',
    lastNameKana: 'ヤマモト',
    firstNameKana: 'コウジ',
    role: '支店長',
    restrictsToBranches: false,
  },
  {
    login: 'branchuser',
    type: 'branch_user',
    company: null,
    branches: ['001', '010'],
    lastName: '中村',
    firstName: 'さくら',
    lastNameKana: 'ナカムラ',
    firstNameKana: 'サクラ',
    role: '法人担当',
    restrictsToBranches: true,
  },
];

/** Unique codes that stay the same on every run, and differ between banks. */
function demoUniqueCode(bankCode: string, kind: string, key: string): string {
  return createHash('sha256').update(`demo:${bankCode}:${kind}:${key}`).digest('hex').slice(0, 24);
}

/** 法人番号: a check digit (9 − weighted digit sum mod 9, weights 1,2,1,2… from the right) and 12 digits. */
function corporateNumber(base: string): string {
  const weightedSum = [...base]
    .reverse()
    .reduce((sum, digit, index) => sum + Number(digit) * (index % 2 === 0 ? 1 : 2), 0);
  return `${9 - (weightedSum % 9)}${base}`;
}

/** Demo companies of a bank all sit in one prefecture, picked from the bank code so banks differ. */
function demoPrefectureCode(bankCode: string): string {
  return String((Number(bankCode) % 47) + 1).padStart(2, '0');
}

async function seedBranches(tx: DbTransaction, bank: DemoBank) {
  await tx
    .insert(bankBranches)
    .values(
      DEMO_BRANCHES.map(([code, name, kana], index) => ({
        bb_code: code,
        bb_unique_code: demoUniqueCode(bank.code, 'branch', code),
        bb_name: name,
        bb_name_kana: kana,
        bb_prefecture_code: demoPrefectureCode(bank.code),
        bb_tel: `0120-${bank.code.slice(0, 2)}-${code.padStart(4, '0')}`,
        bb_sort_order: index + 1,
      })),
    )
    .onConflictDoUpdate({
      target: [bankBranches.bank_code, bankBranches.bb_code],
      ...updateFromIncoming(bankBranches, {
        key: [bankBranches.bank_code, bankBranches.bb_code],
        keep: [bankBranches.bb_created_at, bankBranches.bb_updated_at],
      }),
    });
  const rows = await tx
    .select({ bb_id: bankBranches.bb_id, bb_code: bankBranches.bb_code })
    .from(bankBranches);
  return new Map(rows.map((row) => [row.bb_code, row.bb_id]));
}

async function seedCompanies(tx: DbTransaction, bank: DemoBank, branchIds: ReadonlyMap<string, number>) {
  const values = DEMO_COMPANIES.map((company, index) => ({
    company_unique_code: demoUniqueCode(bank.code, 'company', company.key),
    company_corporate_number:
      company.corporateNumberBase === null ? null : corporateNumber(company.corporateNumberBase),
    company_name: company.name,
    company_name_kana: company.kana,
    company_type: company.type,
    company_enable_ba: company.enableBa,
    company_enable_baportal: company.enableBaportal,
    company_tel: `03-5000-${String(1001 + index)}`,
    company_post_code: `100-${String(1001 + index * 7).padStart(4, '0')}`,
    company_prefecture_code: demoPrefectureCode(bank.code),
    company_address1: '中央区',
    company_address2: `本町${index + 1}丁目${index + 2}-${index + 3}`,
    company_address3: null,
    bb_id: requireId(branchIds, company.branch, 'branch'),
    company_industry_major_code: company.industry[0],
    company_industry_middle_code: company.industry[1],
    company_representative_name: company.representative,
    company_established_on: company.establishedOn,
    company_account_closing_month: company.closingMonth,
    company_employee_count: company.employees,
    company_website_url: `https://www.example.com/${company.key}`,
  }));
  await tx
    .insert(companies)
    .values(values)
    .onConflictDoUpdate({
      target: [companies.bank_code, companies.company_unique_code],
      ...updateFromIncoming(companies, {
        key: [companies.bank_code, companies.company_unique_code],
        keep: [companies.company_created_at, companies.company_updated_at],
      }),
    });
  const codes = new Map(
    DEMO_COMPANIES.map((company) => [demoUniqueCode(bank.code, 'company', company.key), company.key]),
  );
  const rows = await tx
    .select({ company_id: companies.company_id, company_unique_code: companies.company_unique_code })
    .from(companies)
    .where(inArray(companies.company_unique_code, [...codes.keys()]));
  return new Map(rows.map((row) => [codes.get(row.company_unique_code) ?? '', row.company_id]));
}

async function seedUsers(tx: DbTransaction, bank: DemoBank, companyIds: ReadonlyMap<string, number>) {
  const loginId = (user: DemoUser) => `${user.login}-${bank.code}`;
  const existing = await tx
    .select({ login: users.user_login_id })
    .from(users)
    .where(inArray(users.user_login_id, DEMO_USERS.map(loginId)));
  const alreadySeeded = new Set(existing.map((row) => row.login));
  const values = [];
  for (const user of DEMO_USERS) {
    values.push({
      company_id: user.company === null ? null : requireId(companyIds, user.company, 'company'),
      user_unique_code: demoUniqueCode(bank.code, 'user', user.login),
      user_login_id: loginId(user),
      user_last_name: user.lastName,
      user_first_name: user.firstName,
      user_last_name_kana: user.lastNameKana,
      user_first_name_kana: user.firstNameKana,
      user_email: `${loginId(user)}@example.com`,
      user_tel: '090-1234-5678',
      user_role: user.role,
      user_type: user.type,
      user_restricts_companies_under_my_branch: user.restrictsToBranches,
      // Hashing is slow on purpose; an account that exists keeps its hash (see `keep` below).
      user_password_hash: alreadySeeded.has(loginId(user)) ? null : await hashPassword(DEMO_PASSWORD),
    });
  }
  await tx
    .insert(users)
    .values(values)
    .onConflictDoUpdate({
      target: [users.bank_code, users.user_login_id],
      ...updateFromIncoming(users, {
        key: [users.bank_code, users.user_login_id],
        keep: [users.user_password_hash, users.user_created_at, users.user_updated_at],
      }),
    });
  const rows = await tx
    .select({ user_id: users.user_id, login: users.user_login_id })
    .from(users)
    .where(inArray(users.user_login_id, DEMO_USERS.map(loginId)));
  return new Map(rows.map((row) => [row.login, row.user_id]));
}

async function seedUserBranches(
  tx: DbTransaction,
  bank: DemoBank,
  userIds: ReadonlyMap<string, number>,
  branchIds: ReadonlyMap<string, number>,
) {
  const values = DEMO_USERS.flatMap((user) =>
    user.branches.map((branch) => ({
      user_id: requireId(userIds, `${user.login}-${bank.code}`, 'user'),
      bb_id: requireId(branchIds, branch, 'branch'),
    })),
  );
  await tx.insert(userBranches).values(values).onConflictDoNothing();
}

interface DemoInquiry {
  key: string;
  category: InquiryCategoryCode;
  status: InquiryStatus;
  companyName: string;
  name: string;
  kana: string;
  email: string;
  tel: string | null;
  body: (bank: DemoBank) => string;
}

/** Inquiries as the public form would have stored them, one in each state the staff work through. */
const DEMO_INQUIRIES: readonly DemoInquiry[] = [
  {
    key: 'registration',
    category: 'registration',
    status: 'CREATED',
    companyName: '株式会社みなと食品',
    name: '小林 洋子',
    kana: 'コバヤシ ヨウコ',
    email: 'y.kobayashi@minato-foods.example.jp',
    tel: '03-5000-1002',
    body: (bank) => `${bank.bank_name}のビジネスポータルの利用申込みに必要な書類を教えてください。`,
  },
  {
    key: 'login',
    category: 'login',
    status: 'PROGRESS',
    companyName: '有限会社あおば設備',
    name: '山本 大輔',
    kana: 'ヤマモト ダイスケ',
    email: 'd.yamamoto@aoba-setsubi.example.jp',
    tel: null,
    body: () => 'パスワードを忘れてしまい、ログインできません。再設定の方法を教えてください。',
  },
  {
    key: 'consultation',
    category: 'consultation',
    status: 'CLOSED',
    companyName: 'ひかり物流株式会社',
    name: '中村 さおり',
    kana: 'ナカムラ サオリ',
    email: 's.nakamura@hikari-logistics.example.jp',
    tel: '06-6000-3003',
    body: () => '新しい倉庫の取得資金について、担当の方に相談したいです。',
  },
];

async function seedInquiries(tx: DbTransaction, bank: DemoBank) {
  await tx
    .insert(inquiries)
    .values(
      DEMO_INQUIRIES.map((inquiry) => ({
        inquiry_unique_code: demoUniqueCode(bank.code, 'inquiry', inquiry.key),
        inquiry_category: inquiry.category,
        inquiry_company_name: inquiry.companyName,
        inquiry_name: inquiry.name,
        inquiry_name_kana: inquiry.kana,
        inquiry_email: inquiry.email,
        inquiry_tel: inquiry.tel,
        inquiry_body: inquiry.body(bank),
        inquiry_status: inquiry.status,
      })),
    )
    // What the staff did with a demo inquiry since the last seed stays as they left it.
    .onConflictDoNothing();
}

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
    applicants?: readonly string[];
  };
  /** Demo logins who have already opened it. */
  readBy?: readonly string[];
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
  userIds: ReadonlyMap<string, number>,
  now: Date = new Date(),
) {
  const today = japanDateString(now);
  const loginOf = (login: string) => `${login}-${bank.code}`;
  const userIdOf = (login: string) => requireId(userIds, loginOf(login), 'user');
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

function requireId(ids: ReadonlyMap<string, number>, key: string, kind: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`demo ${kind} ${key} was not found after seeding it`);
  return id;
}

/**
 * Deterministic demo data for every bank: branches, companies of each type, one account of each
 * of the eight types (`owner-{code}`, `user-{code}`, … password `demo-password`), a few inquiries,
 * the news domain's items and partner banks, and the default permissions. Idempotent: a second run leaves the same rows. Each bank is written in its own
 * withBank transaction, so row-level security checks every row. Never for production (the caller
 * decides; this function reads no environment).
 */
export async function seedDemoData(db: Database, banks: readonly DemoBank[]): Promise<void> {
  for (const bank of banks) {
    await db.withBank(bank.code, async (tx) => {
      const branchIds = await seedBranches(tx, bank);
      const companyIds = await seedCompanies(tx, bank, branchIds);
      const userIds = await seedUsers(tx, bank, companyIds);
      await seedUserBranches(tx, bank, userIds, branchIds);
      await seedInquiries(tx, bank);
      await seedNewsDomain(tx, bank, userIds);
      const context: SeedContext = {
        tx,
        bankCode: bank.code,
        userIdOf: (login) => requireId(userIds, `${login}-${bank.code}`, 'user'),
        now: new Date(),
      };
      for (const seed of DOMAIN_SEEDS) await seed(context);
      await ensureBankPermissions(tx);
    });
  }
}
