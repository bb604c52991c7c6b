import { sql } from 'drizzle-orm';
import { DAY_MS, japanDateString, japanDayNumber, JAPAN_OFFSET_MS } from '#server/contracts/japan-day.ts';
import { needCategoryName } from '#server/contracts/need-categories.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { needNoticeDigests, networkNeeds } from '#server/db/schema.ts';
import { type MailBank, mailBankOf, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMails } from '#server/mail/outbox.ts';
import { bankPublicOrigin } from '#server/tenancy/public-origin.ts';
import { companiesToNotify } from './need-notice-setting-queries.ts';
import type { DomainJob } from '../kit/domain-jobs.ts';
import { companyMailRecipients } from '../kit/mail-recipients.ts';
import { joinMatchingNetwork } from './network-membership.ts';
import type { NetworkNeedRow } from './need-search-queries.ts';

/**
 * The daily digest of new needs (issue 17 item 6): once a day, each company whose need-notice
 * setting (/mypage/setting/matching/search, by mail) fits needs published the day before — of the
 * bank's other companies and, where the bank takes part, the network's nationwide ones — gets one
 * mail listing them. need_notice_digests keeps the day a company was mailed: a second run the same
 * day (this gateway's next hour, another gateway) mails nobody twice.
 */

/** The most needs one digest lists; the mail says how many more there are. */
const DIGEST_MAX_NEEDS = 20;
const DIGEST_USER_TYPES = ['company_owner', 'company_user', 'partner_company_owner'] as const;

/** The instant a day (YYYY-MM-DD in Japan) begins. */
const japanMidnightOf = (dayNumber: number) => new Date(dayNumber * DAY_MS - JAPAN_OFFSET_MS);

/** The needs created on the day before `now`'s day in Japan, published today, that the bank's transaction can see. */
async function needsOfYesterday(tx: DbTransaction, now: Date): Promise<NetworkNeedRow[]> {
  const today = japanDayNumber(now);
  const nn = networkNeeds;
  const day = japanDateString(now);
  return tx
    .select()
    .from(nn)
    .where(
      sql`${nn.need_created_at} >= ${japanMidnightOf(today - 1)} and ${nn.need_created_at} < ${japanMidnightOf(today)}
        and ${nn.need_period_start} <= ${day}::date and (${nn.need_period_end} is null or ${nn.need_period_end} >= ${day}::date)`,
    )
    .orderBy(nn.need_created_at);
}

function digestMail(bank: MailBank, to: { email: string; name: string }, found: readonly NetworkNeedRow[]) {
  const shown = found.slice(0, DIGEST_MAX_NEEDS);
  return renderBankMail(bank, {
    kind: 'matching.need_digest',
    to: to.email,
    greeting: `${to.name} 様`,
    subject: `新着ニーズのお知らせ（${found.length}件）`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}のビジネスマッチングに、貴社のニーズ通知設定に合う新しいニーズが${found.length}件掲載されました。`,
      found.length > shown.length ? `このメールでは新しい順に${shown.length}件をご紹介します。` : '',
    ].filter((paragraph) => paragraph !== ''),
    details: shown.map((need) => ({
      label: needCategoryName(need.need_category) ?? need.need_category,
      value: `${need.need_title}（${need.company_name}） ${bank.portalUrl}mypage/matching/search/detail/${need.need_unique_code}`,
    })),
    action: { label: 'ニーズを探す', url: `${bank.portalUrl}mypage/matching/search` },
    notes: ['通知の条件は、ポータルの「設定 > ニーズ通知設定」で変えられます。'],
  });
}

export const needDigestJob: DomainJob = {
  name: 'matching-need-digest',
  everyMs: 60 * 60 * 1000,
  async runForBank({ tx, tenant, tenants, deployment, now, logger }) {
    await joinMatchingNetwork(tx, tenant, tenants);
    const fresh = await needsOfYesterday(tx, now);
    if (fresh.length === 0) return;
    const byCompany = new Map<number, NetworkNeedRow[]>();
    for (const need of fresh) {
      const own = need.bank_code === tenant.code ? { companyId: need.company_id } : {};
      const recipients = await companiesToNotify(tx, {
        category: need.need_category as Parameters<typeof companiesToNotify>[1]['category'],
        industryCodes: need.need_industry_codes,
        areaCodes: need.need_area_codes,
        ...own,
      });
      for (const recipient of recipients)
        if (recipient.channels.includes('mail'))
          byCompany.set(recipient.companyId, [...(byCompany.get(recipient.companyId) ?? []), need]);
    }
    if (byCompany.size === 0) return;
    const day = japanDateString(now);
    const bank = mailBankOf(tenant, bankPublicOrigin(tenant, deployment));
    let mailed = 0;
    for (const [companyId, found] of byCompany) {
      const [claimed] = await tx
        .insert(needNoticeDigests)
        .values({ company_id: companyId, digest_day: day, digest_need_count: found.length })
        .onConflictDoNothing()
        .returning({ companyId: needNoticeDigests.company_id });
      if (!claimed) continue;
      const readers = await companyMailRecipients(tx, [companyId], DIGEST_USER_TYPES);
      const newestFirst = [...found].reverse();
      await queueMails(
        tx,
        readers.map((reader) => digestMail(bank, reader, newestFirst)),
      );
      mailed++;
    }
    if (mailed > 0) logger.info({ companies: mailed, needs: fresh.length }, 'need digests queued');
  },
};
