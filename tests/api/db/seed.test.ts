import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { DEFAULT_USER_TYPE_PERMISSIONS } from '#server/db/master-data/account-type-rows.ts';
import { verifyPassword } from '#server/db/password-hash.ts';
import { sanitizeArticleBody } from '#server/api/kit/sanitize-rich-text.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  articles,
  companies,
  partnerBanks,
  seminarApplications,
  userBranches,
  userTypePermissions,
  users,
} from '#server/db/schema.ts';
import { DEMO_PASSWORD } from '#server/db/demo-banks.ts';
import { seedDemoData } from '#server/demo-data.ts';
import { ROOT_DIR } from '#tests/support/app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#tests/support/database.ts';

const BANKS = [
  { code: '0182', bank_name: 'テスト銀行A' },
  { code: '0158', bank_name: 'テスト銀行B' },
];
const silentLogger = { info() {}, warn() {}, error() {} };
const LOGIN_PREFIXES = [
  'owner',
  'user',
  'employee',
  'partner',
  'sysadmin',
  'bankadmin',
  'branchadmin',
  'branchuser',
];

/** A digest of every row of every bank-scoped table the seed writes, as the bank sees them. */
async function fingerprint(db: Database, bankCode: string) {
  return db.withBank(bankCode, async (tx) => {
    const digests: Record<string, string> = {};
    for (const table of [
      'bank_branches',
      'companies',
      'users',
      'user_branches',
      'user_type_permissions',
      'articles',
      'article_reads',
      'seminar_applications',
      'partner_banks',
    ]) {
      const { rows } = await tx.execute<{ digest: string }>(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(table)} t`,
      );
      digests[table] = rows[0]?.digest ?? '';
    }
    return digests;
  });
}

describe.each(testDatabaseKinds())('demo seed on %s', (kind) => {
  let testDatabase: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ kind });
    db = await openDatabase({
      databaseUrl: testDatabase.databaseUrl,
      dataDir: testDatabase.dataDir,
      logger: silentLogger,
    });
    await seedDemoData(db, BANKS);
  });

  afterAll(async () => {
    await db?.close();
    await testDatabase?.drop();
  });

  it('gives every bank one account of each of the eight types, logging in with demo-password', async () => {
    for (const bank of BANKS) {
      const accounts = await db.withBank(bank.code, (tx) =>
        tx
          .select({ login: users.user_login_id, type: users.user_type, hash: users.user_password_hash })
          .from(users),
      );
      expect(accounts.map((account) => account.login).sort()).toEqual(
        LOGIN_PREFIXES.map((prefix) => `${prefix}-${bank.code}`).sort(),
      );
      expect(new Set(accounts.map((account) => account.type)).size).toBe(8);
      for (const account of accounts) {
        expect(account.hash, account.login).not.toContain(DEMO_PASSWORD);
        expect(await verifyPassword(DEMO_PASSWORD, account.hash ?? ''), account.login).toBe(true);
      }
    }
  });

  it('registers companies of each type, and bank staff with no company', async () => {
    const { types, staffWithCompany } = await db.withBank(BANKS[0]!.code, async (tx) => ({
      types: await tx.selectDistinct({ type: companies.company_type }).from(companies),
      staffWithCompany: await tx
        .select({ login: users.user_login_id })
        .from(users)
        .where(
          sql`${users.user_type} in ('system_admin', 'bank_admin', 'branch_admin', 'branch_user') and ${users.company_id} is not null`,
        ),
    }));
    expect(types.map((row) => row.type).sort()).toEqual(['baportal', 'normal', 'partner']);
    expect(staffWithCompany).toEqual([]);
  });

  it('assigns branch staff to their branches', async () => {
    const assignments = await db.withBank(BANKS[1]!.code, (tx) =>
      tx
        .select({ login: users.user_login_id })
        .from(userBranches)
        .innerJoin(
          users,
          sql`${users.bank_code} = ${userBranches.bank_code} and ${users.user_id} = ${userBranches.user_id}`,
        ),
    );
    expect(new Set(assignments.map((row) => row.login))).toEqual(
      new Set(['branchadmin-0158', 'branchuser-0158']),
    );
  });

  it('grants each account type its permission strings: owners everything on the company side, employees fewer, bank staff login_read', async () => {
    const granted = await db.withBank(BANKS[0]!.code, (tx) => tx.select().from(userTypePermissions));
    const of = (type: string) =>
      granted
        .filter((row) => row.user_type === type)
        .map((row) => row.permission)
        .sort();
    expect(of('company_owner')).toEqual([...DEFAULT_USER_TYPE_PERMISSIONS.company_owner].sort());
    expect(of('company_owner')).toContain('company_setting_account_write');
    expect(of('company_employee').length).toBeLessThan(of('company_user').length);
    expect(of('company_user').length).toBeLessThan(of('company_owner').length);
    expect(of('company_employee')).not.toContain('company_matching_read');
    for (const staff of ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'])
      expect(of(staff)).toEqual(['login_read']);
  });

  it("publishes each bank's demo news domain: every case the pages handle, seminar counts matching their applications, allowlisted bodies", async () => {
    const today = japanDateString();
    for (const bank of BANKS) {
      const { items, applications, partners } = await db.withBank(bank.code, async (tx) => ({
        items: await tx.select().from(articles),
        applications: await tx.select().from(seminarApplications),
        partners: await tx.select().from(partnerBanks),
      }));
      const ofKind = (kind: string) => items.filter((item) => item.article_kind === kind);
      const news = ofKind('news');
      expect(news.length).toBeGreaterThanOrEqual(12);
      expect(new Set(news.map((item) => item.category_code)).size).toBeGreaterThanOrEqual(6);
      expect(news.some((item) => item.article_visibility === 0)).toBe(true);
      expect(news.some((item) => item.article_target === 'partner')).toBe(true);
      expect(news.some((item) => item.article_target === 'non_partner')).toBe(true);
      expect(news.some((item) => item.article_publish_start > today)).toBe(true);
      expect(news.some((item) => item.article_publish_end !== null && item.article_publish_end < today)).toBe(
        true,
      );
      expect(news.some((item) => !item.article_is_own_bank && item.article_provider_name)).toBe(true);
      expect(ofKind('column')).toHaveLength(4);
      expect(ofKind('partner_information').map((item) => item.pi_status)).toEqual(
        expect.arrayContaining(['PUBLISHING', 'REVIEWING']),
      );
      const seminars = ofKind('seminar');
      expect(seminars).toHaveLength(4);
      for (const seminar of seminars) {
        const applied = applications.filter((row) => row.article_id === seminar.article_id).length;
        expect(seminar.seminar_applied_count, seminar.article_title).toBe(applied);
      }
      const now = Date.now();
      expect(seminars.some((item) => item.seminar_applied_count === item.seminar_capacity)).toBe(true);
      expect(seminars.some((item) => item.seminar_is_cancelled)).toBe(true);
      expect(seminars.some((item) => (item.seminar_held_at?.getTime() ?? now) < now)).toBe(true);
      expect(
        seminars.some(
          (item) =>
            !item.seminar_is_cancelled &&
            (item.seminar_held_at?.getTime() ?? 0) > now &&
            item.seminar_applied_count < (item.seminar_capacity ?? 0),
        ),
      ).toBe(true);
      for (const item of items)
        expect(sanitizeArticleBody(item.article_body), item.article_title).toBe(item.article_body);
      expect(partners).toHaveLength(3);
    }
  });

  it('leaves exactly the same rows when it runs again', async () => {
    const before = await Promise.all(BANKS.map((bank) => fingerprint(db, bank.code)));
    await seedDemoData(db, BANKS);
    const after = await Promise.all(BANKS.map((bank) => fingerprint(db, bank.code)));
    expect(after).toEqual(before);
  });
});

describe('npm run seed', () => {
  it('refuses to run in production with a Japanese message and exit code 1', () => {
    const run = spawnSync(process.execPath, [path.join(ROOT_DIR, 'scripts', 'seed.ts')], {
      cwd: ROOT_DIR,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('本番環境（NODE_ENV=production）ではデモデータを投入できません。');
  });
});
