import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, type Database, type DbTransaction, openDatabase } from '#server/db/database.ts';
import { recordAudit } from '#server/db/audit.ts';
import { MASTER_TABLE_NAMES } from '#server/db/master-data/sync.ts';
import {
  articleCounts,
  articleFiles,
  mailOutbox,
  companyRegistrations,
  employeeInvitations,
  registrationDrafts,
  registrationFiles,
  passwordResets,
  emailChanges,
  bankBranches,
  companies,
  loginIdManagements,
  users,
  userSwitchAudits,
  chatRemarkTemplates,
  needNoticeSettings,
  userIdentityLinks,
  serviceOffers,
  companyWebsites,
  CROSS_BANK_TABLES,
  needs,
  needFavorites,
  matchingCampaigns,
  matchingAgentRequests,
  matchingAgreements,
  idempotentCommands,
  needNoticeDigests,
} from '#server/db/schema.ts';
import { seedDemoData } from '#server/demo-data.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#tests/support/database.ts';

const BANK_A = { code: '0182', bank_name: 'テスト銀行A' };
const BANK_B = { code: '0158', bank_name: 'テスト銀行B' };
const silentLogger = { info() {}, warn() {}, error() {} };

/** The PostgreSQL error code a refused statement carries (drizzle wraps it in `cause`). */
async function errorCodeOf(attempt: Promise<unknown>): Promise<string | undefined> {
  const error: unknown = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (error === undefined) return undefined;
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as { code?: string }).code;
}
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Every table in public with a bank_code column, read from the catalog (so new tables are covered
 * too), but the few that let two banks meet on purpose (CROSS_BANK_TABLES, decision 0092): their
 * own policies are tested in tests/api/matching/matching-crossing.test.ts.
 */
async function bankScopedTables(db: Database): Promise<string[]> {
  return db.withoutBank(async (tx) => {
    const { rows } = await tx.execute<{ table_name: string }>(sql`
      select c.relname as table_name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'bank_code' and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`);
    const crossing: readonly string[] = CROSS_BANK_TABLES;
    return rows.map((row) => row.table_name).filter((table) => !crossing.includes(table));
  });
}

async function rowsPerBank(tx: DbTransaction, table: string) {
  const { rows } = await tx.execute<{ bank_code: string; count: number }>(
    sql`select bank_code, count(*)::int as count from ${sql.identifier(table)} group by bank_code order by bank_code`,
  );
  return rows;
}

describe.each(testDatabaseKinds())('row-level security on %s', (kind) => {
  let testDatabase: TestDatabase;
  let db: Database;
  let tables: string[];

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ kind });
    db = await openDatabase({
      databaseUrl: testDatabase.databaseUrl,
      dataDir: testDatabase.dataDir,
      logger: silentLogger,
    });
    await seedDemoData(db, [BANK_A, BANK_B]);
    // The seed leaves login_id_managements empty; one row per bank, written without naming the bank.
    for (const bank of [BANK_A, BANK_B]) {
      await db.withBank(bank.code, async (tx) => {
        const accounts = await tx
          .select({ id: users.user_id, login: users.user_login_id, company: users.company_id })
          .from(users);
        const idOf = (login: string) =>
          accounts.find((account) => account.login === `${login}-${bank.code}`)?.id ?? 0;
        await tx
          .insert(loginIdManagements)
          .values({ user_id: idOf('owner'), managed_user_id: idOf('employee') })
          .onConflictDoNothing();
        // The seed writes no impersonation either; one audit row per bank, again without naming the bank.
        await tx.insert(userSwitchAudits).values({
          usa_direction: 'switch',
          actor_user_id: idOf('bankadmin'),
          actor_user_unique_code: `bankadmin-${bank.code}`,
          target_user_id: idOf('owner'),
          target_user_unique_code: `owner-${bank.code}`,
          usa_client_address: '203.0.113.5',
        });
        // Nor any command's audit row; one per bank, written as the route layer writes it.
        await recordAudit(tx, {
          action: 'UPDATE',
          targetType: 'user',
          targetId: idOf('employee'),
          actorUserId: idOf('owner'),
          impersonatorUserId: null,
          clientAddress: '203.0.113.5',
          requestId: `rls-${bank.code}`,
        });
        // Nor any kept count (the first list a user opens keeps one); one per bank.
        await tx.insert(articleCounts).values({
          user_id: idOf('owner'),
          list_key: 'news non_partner unread',
          day: '2026-04-01',
          article_revision: 0,
          read_revision: 0,
          article_count: 1,
        });
        // The seed uploads no file (a row needs stored bytes); one unattached upload per bank.
        await tx.insert(articleFiles).values({
          file_unique_code: `rls-${bank.code}`,
          file_kind: 'attachment',
          file_name: 'rls.pdf',
          file_content_type: 'application/pdf',
          file_size: 4,
          file_storage_key: `${bank.code}/articles/rls-${bank.code}`,
        });
        // Nor any password reset link; one per bank, as /reminder makes it.
        await tx.insert(passwordResets).values({
          reset_token_hash: `${bank.code}`.padEnd(64, '0'),
          user_id: idOf('owner'),
          reset_expires_at: new Date(Date.now() + 60_000),
        });
        // Nor any e-mail change waiting for its link; one per bank, as a profile save makes it.
        await tx.insert(emailChanges).values({
          ec_token_hash: `${bank.code}`.padEnd(64, 'e'),
          user_id: idOf('owner'),
          ec_new_email: `rls-${bank.code}@example.jp`,
          ec_expires_at: new Date(Date.now() + 60_000),
        });
        // Nor any application; one draft and one filed application per bank.
        await tx.insert(registrationDrafts).values({
          draft_token_hash: `${bank.code}`.padEnd(64, 'd'),
          draft_variant: 'ba',
          draft_agreed_at: new Date(),
          draft_expires_at: new Date(Date.now() + 60_000),
        });
        await tx.insert(companyRegistrations).values({
          cr_unique_code: `R-RLS-${bank.code}`,
          cr_variant: 'ba',
          cr_values: {},
          cr_company_name: '株式会社RLS',
          cr_applicant_name: '検査 太郎',
          cr_applicant_email: `rls-${bank.code}@example.jp`,
          cr_agreed_at: new Date(),
        });
        // Nor any identification document (a row needs stored bytes); one of the application per bank.
        await tx.insert(registrationFiles).values({
          file_unique_code: `rls-${bank.code}`,
          cr_unique_code: `R-RLS-${bank.code}`,
          file_name: 'rls.png',
          file_content_type: 'image/png',
          file_size: 4,
          file_storage_key: `${bank.code}/registrations/rls-${bank.code}`,
        });
        // The seed's invitation is pending; one used per bank besides, as a registration leaves it.
        await tx.insert(employeeInvitations).values({
          invitation_unique_code: `rls-${bank.code}`,
          invitation_token_hash: `${bank.code}`.padEnd(64, 'e'),
          company_id: accounts.find((account) => account.login === `owner-${bank.code}`)?.company ?? 0,
          invited_by_user_id: idOf('owner'),
          invitation_email: `rls-invited-${bank.code}@example.jp`,
          invitation_expires_at: new Date(Date.now() + 60_000),
          invitation_used_at: new Date(),
          used_by_user_id: idOf('employee'),
        });
        // Nor any mail; one per bank in the outbox, as a command queues it.
        await tx.insert(mailOutbox).values({
          mail_kind: 'rls.check',
          mail_to: `rls-${bank.code}@example.jp`,
          mail_subject: 'RLS',
          mail_text: 'RLS',
          mail_html: '<p>RLS</p>',
          mail_message_id: `<rls-${bank.code}@example.jp>`,
        });
        // The company settings (issue 16): one row of each per bank, as the owner's pages save them.
        const ownerCompany = accounts.find((account) => account.login === `owner-${bank.code}`)?.company ?? 0;
        await tx.insert(chatRemarkTemplates).values({
          template_unique_code: `rls-${bank.code}`,
          company_id: ownerCompany,
          template_title: 'RLS',
          template_body: 'RLS',
          template_updated_by: idOf('owner'),
        });
        await tx
          .insert(needNoticeSettings)
          .values({ company_id: ownerCompany, notice_updated_by: idOf('owner') })
          .onConflictDoNothing();
        await tx
          .insert(userIdentityLinks)
          .values({ user_id: idOf('owner'), link_provider: 'rls', link_subject: `rls-${bank.code}` });
        await tx.insert(serviceOffers).values({
          cso_unique_code: `rls-${bank.code}`,
          company_id: ownerCompany,
          cso_title: 'RLS',
          cso_body: 'RLS',
          cso_category: 'other',
          cso_benefit: 'RLS',
          cso_target: 'RLS',
          cso_publish_start: '2026-04-01',
          cso_updated_by: idOf('owner'),
        });
        await tx
          .insert(companyWebsites)
          .values({ company_id: ownerCompany, website_updated_by: idOf('owner') })
          .onConflictDoNothing();
        // Matching (issue 17): one row of each per bank, as the company's and the staff's pages write them.
        await tx.insert(needs).values({
          need_unique_code: `rls${bank.code}`,
          company_id: ownerCompany,
          need_title: 'RLS',
          need_category: 'sell',
          need_body: 'RLS',
          need_period_start: '2026-04-01',
          need_created_by: idOf('owner'),
          need_updated_by: idOf('owner'),
        });
        await tx
          .insert(needFavorites)
          .values({ user_id: idOf('owner'), need_unique_code: `rls${bank.code}` });
        await tx.insert(matchingCampaigns).values({
          campaign_unique_code: `rls${bank.code}`,
          campaign_title: 'RLS',
          campaign_body: 'RLS',
          campaign_start: '2026-04-01',
          campaign_end: '2026-04-30',
          campaign_updated_by: idOf('bankadmin'),
        });
        await tx.insert(matchingAgentRequests).values({
          agent_request_unique_code: `rls${bank.code}`,
          company_id: ownerCompany,
          agent_request_body: 'RLS',
          agent_requested_by: idOf('owner'),
        });
        await tx
          .insert(matchingAgreements)
          .values({ company_id: ownerCompany, agreement_unique_code: `rls${bank.code}` })
          .onConflictDoNothing();
        await tx
          .insert(needNoticeDigests)
          .values({ company_id: ownerCompany, digest_day: '2026-04-01', digest_need_count: 1 });
        // An idempotent command's claim (issue 28), as serveCall writes it, without naming the bank.
        await tx.insert(idempotentCommands).values({
          ic_user_id: idOf('bankadmin'),
          ic_call: 'POST /api/v1/company/create_all',
          ic_key_hash: 'a'.repeat(64),
          ic_body_hash: 'b'.repeat(64),
          ic_result: { created_count: 1 },
        });
      });
    }
    tables = await bankScopedTables(db);
  });

  afterAll(async () => {
    await db?.close();
    await testDatabase?.drop();
  });

  it('covers every bank-scoped table of the schema', () => {
    expect(tables).toEqual(
      expect.arrayContaining([
        'bank_branches',
        'companies',
        'users',
        'user_branches',
        'login_id_managements',
        'user_type_permissions',
        'inquiries',
        'user_switch_audits',
        'articles',
        'article_reads',
        'article_files',
        'article_revisions',
        'article_read_revisions',
        'article_counts',
        'seminar_applications',
        'partner_banks',
        'audit_events',
        'manuals',
        'feature_requests',
        'company_payment_cards',
        'mail_outbox',
        'password_resets',
        'email_changes',
        'registration_drafts',
        'company_registrations',
        'registration_files',
        'employee_invitations',
        'company_charges',
        'company_unsubscriptions',
        'company_business_profiles',
        'chat_remark_templates',
        'need_notice_settings',
        'user_identity_links',
        'service_offers',
        'company_websites',
        'needs',
        'need_favorites',
        'matching_campaigns',
        'matching_agent_requests',
        'matching_agreements',
        'need_notice_digests',
        'idempotent_commands',
      ]),
    );
  });

  it("answers a SELECT without any bank_code condition with the current bank's rows only, in every bank-scoped table", async () => {
    for (const bank of [BANK_A, BANK_B]) {
      await db.withBank(bank.code, async (tx) => {
        for (const table of tables) {
          const perBank = await rowsPerBank(tx, table);
          expect(perBank, table).toHaveLength(1);
          expect(perBank[0]?.bank_code, table).toBe(bank.code);
          expect(perBank[0]?.count, table).toBeGreaterThan(0);
        }
      });
    }
  });

  it('fills bank_code from the transaction when an INSERT leaves it out', async () => {
    const rows = await db.withBank(BANK_B.code, (tx) =>
      tx.select({ bank_code: loginIdManagements.bank_code }).from(loginIdManagements),
    );
    expect(rows).toEqual([{ bank_code: BANK_B.code }]);
  });

  it("refuses an INSERT carrying another bank's code", async () => {
    const code = await errorCodeOf(
      db.withBank(BANK_A.code, (tx) =>
        tx.insert(bankBranches).values({
          bank_code: BANK_B.code,
          bb_code: '999',
          bb_unique_code: 'intruder',
          bb_name: '侵入支店',
          bb_name_kana: 'シンニュウシテン',
        }),
      ),
    );
    expect(code).toBe(INSUFFICIENT_PRIVILEGE);
    const branchNames = await db.withBank(BANK_B.code, (tx) =>
      tx.select({ name: bankBranches.bb_name }).from(bankBranches),
    );
    expect(branchNames.map((row) => row.name)).not.toContain('侵入支店');
  });

  it("refuses an UPDATE that moves a row to another bank, and cannot reach the other bank's rows", async () => {
    const moved = await errorCodeOf(
      db.withBank(BANK_A.code, (tx) => tx.update(companies).set({ bank_code: BANK_B.code })),
    );
    expect(moved).toBe(INSUFFICIENT_PRIVILEGE);

    const touched = await db.withBank(BANK_A.code, async (tx) => {
      const updated = await tx
        .update(companies)
        .set({ company_name: '書き換え' })
        .where(sql`${companies.bank_code} = ${BANK_B.code}`)
        .returning();
      const deleted = await tx
        .delete(users)
        .where(sql`${users.bank_code} = ${BANK_B.code}`)
        .returning();
      return updated.length + deleted.length;
    });
    expect(touched).toBe(0);
  });

  it('runs requests as an application role that is neither table owner nor superuser', async () => {
    const [role] = await db.withBank(BANK_A.code, async (tx) => {
      const { rows } = await tx.execute<{
        name: string;
        rolsuper: boolean;
        rolbypassrls: boolean;
        owned: number;
      }>(sql`
        select current_user as name, r.rolsuper, r.rolbypassrls,
          (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owned
        from pg_roles r where r.rolname = current_user`);
      return rows;
    });
    expect(role).toEqual({ name: APP_ROLE, rolsuper: false, rolbypassrls: false, owned: 0 });
  });

  it('shows no bank-scoped rows when no bank is set, while the national master lists stay readable', async () => {
    await db.withoutBank(async (tx) => {
      for (const table of tables) {
        expect(await rowsPerBank(tx, table), table).toEqual([]);
      }
      const { rows } = await tx.execute<{ count: number }>(
        sql`select count(*)::int as count from prefectures`,
      );
      expect(rows[0]?.count).toBe(47);
    });
  });

  it('keeps the bank and the role inside their transaction', async () => {
    await db.withBank(BANK_A.code, (tx) => tx.select().from(bankBranches));
    const after = await db.withoutBank(async (tx) => {
      const { rows } = await tx.execute<{ bank: string | null; role: string }>(
        sql`select current_setting('app.bank_code', true) as bank, current_user as role`,
      );
      return rows[0];
    });
    expect(after?.bank ?? '').toBe('');
    expect(after?.role).toBe(APP_ROLE);
  });

  it('refuses a bank code that is not four digits', async () => {
    await expect(db.withBank("0182' or true --", async () => 'ran')).rejects.toThrow(/4 digits/);
  });

  it('forces row-level security on every bank-scoped table with a policy the bank_code indexes can serve', async () => {
    const policies = await db.withoutBank(async (tx) => {
      const { rows } = await tx.execute<{
        table_name: string;
        forced: boolean;
        enabled: boolean;
        using_expression: string | null;
        check_expression: string | null;
      }>(sql`
        select c.relname as table_name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
          pg_get_expr(p.polqual, p.polrelid) as using_expression,
          pg_get_expr(p.polwithcheck, p.polrelid) as check_expression
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_policy p on p.polrelid = c.oid
        where n.nspname = 'public' and c.relname in ${tables}
        order by 1`);
      return rows;
    });
    expect(policies.map((policy) => policy.table_name)).toEqual(tables);
    for (const policy of policies) {
      expect(policy, policy.table_name).toMatchObject({ enabled: true, forced: true });
      expect(policy.using_expression, policy.table_name).toContain(
        "current_setting('app.bank_code'::text, true)",
      );
      expect(policy.check_expression, policy.table_name).toBe(policy.using_expression);
      // Casting the column (bank_code::text) instead of the setting would keep the planner off the indexes.
      expect(policy.using_expression, policy.table_name).not.toContain('(bank_code)::text');
    }
  });

  it('leads every index of a bank-scoped table with bank_code', async () => {
    const leadingColumns = await db.withoutBank(async (tx) => {
      const { rows } = await tx.execute<{ index_name: string; first_column: string }>(sql`
        select ic.relname as index_name, a.attname as first_column
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_class ic on ic.oid = i.indexrelid
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
        where c.relname in ${tables}`);
      return rows;
    });
    expect(leadingColumns.length).toBeGreaterThanOrEqual(tables.length);
    for (const index of leadingColumns) expect(index.first_column, index.index_name).toBe('bank_code');
  });

  it('lets the application role only read the national master lists', async () => {
    const privileges = await db.withoutBank(async (tx) => {
      const checks = [];
      for (const table of MASTER_TABLE_NAMES) {
        const { rows } = await tx.execute<{ can_read: boolean; can_write: boolean }>(sql`
          select has_table_privilege(${table}, 'SELECT') as can_read,
            has_table_privilege(${table}, 'INSERT') or has_table_privilege(${table}, 'UPDATE')
              or has_table_privilege(${table}, 'DELETE') as can_write`);
        checks.push({ table, ...rows[0] });
      }
      return checks;
    });
    for (const check of privileges)
      expect(check, check.table).toEqual({ table: check.table, can_read: true, can_write: false });
    const code = await errorCodeOf(
      db.withoutBank((tx) =>
        tx.execute(
          sql`insert into prefectures (code, name, name_kana, region) values ('48', '架空県', 'カクウケン', '架空')`,
        ),
      ),
    );
    expect(code).toBe(INSUFFICIENT_PRIVILEGE);
  });
});
