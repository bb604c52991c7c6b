import { inArray } from 'drizzle-orm';
import type { Database, DbTransaction } from './database.ts';
import { ensureBankPermissions } from './default-permissions.ts';
import type { CompanyTypeCode, UserTypeCode } from '../contracts/account-types.ts';
import { hashPassword } from './password-hash.ts';
import { bankBranches } from './schema/bank-branches.ts';
import { companies } from './schema/companies.ts';
import { userBranches, users } from './schema/users.ts';
import { updateFromIncoming } from './upsert.ts';
import { demoUniqueCode, type DomainSeed, type SeedContext } from './seeds/seed-context.ts';

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

function requireId(ids: ReadonlyMap<string, number>, key: string, kind: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`demo ${kind} ${key} was not found after seeding it`);
  return id;
}

/**
 * Deterministic demo data for every bank: branches, companies of each type, one account of each
 * of the eight types (`owner-{code}`, `user-{code}`, … password `demo-password`), then each
 * domain's own (`domainSeeds`, from the domain manifest: server/demo-data.ts), and the default
 * permissions. Idempotent: a second run leaves the same rows. Each bank is written in its own
 * withBank transaction, so row-level security checks every row. Never for production (the caller
 * decides; this function reads no environment).
 */
export async function seedBanks(
  db: Database,
  banks: readonly DemoBank[],
  domainSeeds: readonly DomainSeed[],
): Promise<void> {
  for (const bank of banks) {
    await db.withBank(bank.code, async (tx) => {
      const branchIds = await seedBranches(tx, bank);
      const companyIds = await seedCompanies(tx, bank, branchIds);
      const userIds = await seedUsers(tx, bank, companyIds);
      await seedUserBranches(tx, bank, userIds, branchIds);
      const context: SeedContext = {
        tx,
        bankCode: bank.code,
        bankName: bank.bank_name,
        userIdOf: (login) => requireId(userIds, `${login}-${bank.code}`, 'user'),
        now: new Date(),
      };
      for (const seed of domainSeeds) await seed(context);
      await ensureBankPermissions(tx);
    });
  }
}
