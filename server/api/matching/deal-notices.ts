import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { DEAL_MESSAGE_KIND_LABELS } from '#server/contracts/matching-deals.ts';
import { needCategoryName } from '#server/contracts/need-categories.ts';
import type { Database, DbTransaction } from '#server/db/database.ts';
import { matchingDealMessages, matchingDeals } from '#server/db/schema.ts';
import { type MailBank, mailBankOf, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMails } from '#server/mail/outbox.ts';
import { companyMailRecipients } from '../kit/mail-recipients.ts';
import { bankPublicOrigin } from '#server/tenancy/public-origin.ts';
import type { TenantRegistry } from '#server/tenancy/tenant.ts';

/**
 * Deal mail (issue 17 item 6): a received deal request, and every reply or decision, is mailed at
 * once to the other side's company — its owners and users (the account types the badge counts for).
 * The other side may be of another bank: its users are read, and its mail queued in its bank's
 * outbox with its bank's look, in a transaction of that bank after the deal's has committed. A
 * message is mailed once: message_notified_at is set in the transaction that queues its mail, and
 * the rows are taken with SKIP LOCKED, so two gateways (or the job that catches up after a crash)
 * never mail it twice.
 */

/** The account types that hear of deals (as the badge: owner, user and partner owner). */
const DEAL_MAIL_USER_TYPES = ['company_owner', 'company_user', 'partner_company_owner'] as const;
/** Taken per run: a burst beyond it goes in the next run. */
const BATCH = 200;

/** The page where the recipient reads the deal (server/contracts/pages/matching.ts). */
export function dealPagePath(side: 'sender' | 'receiver', cmhCode: string): string {
  return side === 'receiver'
    ? `mypage/matching/received_history/detail/${cmhCode}`
    : `mypage/matching/history/detail/${cmhCode}`;
}

interface PendingMessage {
  bankCode: string;
  cmhId: number;
  messageId: number;
  side: string;
  kind: string;
  body: string;
  cmhCode: string;
  needTitle: string;
  needCategory: string;
  senderCompanyId: number;
  senderCompanyName: string;
  receiverCompanyId: number;
  receiverCompanyName: string;
}

function dealMail(bank: MailBank, message: PendingMessage, to: { email: string; name: string }) {
  const toReceiver = message.side === 'sender';
  const from = toReceiver ? message.senderCompanyName : message.receiverCompanyName;
  const kindLabel = DEAL_MESSAGE_KIND_LABELS[message.kind as keyof typeof DEAL_MESSAGE_KIND_LABELS] ?? '返信';
  const isRequest = message.kind === 'request';
  return renderBankMail(bank, {
    kind: `matching.deal_${message.kind}`,
    to: to.email,
    greeting: `${to.name} 様`,
    subject: isRequest
      ? `【商談依頼】${from}から商談依頼が届きました`
      : `【商談】${from}から${kindLabel}が届きました`,
    paragraphs: [
      isRequest
        ? `${bank.bankName} ${bank.serviceName}のビジネスマッチングで、貴社のニーズに商談依頼が届きました。`
        : `${bank.bankName} ${bank.serviceName}のビジネスマッチングの商談に、${kindLabel}が届きました。`,
      '内容を確認し、ポータルからご返信ください。',
    ],
    details: [
      { label: '相手企業', value: from },
      {
        label: 'ニーズ',
        value: `${message.needTitle}（${needCategoryName(message.needCategory) ?? message.needCategory}）`,
      },
      { label: 'メッセージ', value: message.body === '' ? kindLabel : message.body },
    ],
    action: {
      label: '商談を開く',
      url: `${bank.portalUrl}${dealPagePath(toReceiver ? 'receiver' : 'sender', message.cmhCode)}`,
    },
    notes: ['このメールにお心当たりがない場合は、お手数ですが下記の窓口までご連絡ください。'],
  });
}

/**
 * Mails the messages addressed to companies of the transaction's bank that were not mailed yet, and
 * marks them mailed. Answers how many messages it took.
 */
export async function mailPendingDealMessages(
  tx: DbTransaction,
  bankCode: string,
  bank: MailBank,
): Promise<number> {
  const m = matchingDealMessages;
  const d = matchingDeals;
  const pending: PendingMessage[] = await tx
    .select({
      bankCode: m.bank_code,
      cmhId: m.cmh_id,
      messageId: m.message_id,
      side: m.message_side,
      kind: m.message_kind,
      body: m.message_body,
      cmhCode: d.cmh_unique_code,
      needTitle: d.need_title,
      needCategory: d.need_category,
      senderCompanyId: d.sender_company_id,
      senderCompanyName: d.sender_company_name,
      receiverCompanyId: d.receiver_company_id,
      receiverCompanyName: d.receiver_company_name,
    })
    .from(m)
    .innerJoin(d, and(eq(d.bank_code, m.bank_code), eq(d.cmh_id, m.cmh_id)))
    .where(
      sql`${m.message_notified_at} is null and (
        (${m.message_side} = 'sender' and ${m.receiver_bank_code} = ${bankCode})
        or (${m.message_side} = 'receiver' and ${m.bank_code} = ${bankCode}))`,
    )
    .orderBy(m.message_created_at)
    .limit(BATCH)
    .for('update', { of: m, skipLocked: true });
  if (pending.length === 0) return 0;
  const companyIds = [
    ...new Set(
      pending.map((message) =>
        message.side === 'sender' ? message.receiverCompanyId : message.senderCompanyId,
      ),
    ),
  ];
  const recipients = await companyMailRecipients(tx, companyIds, DEAL_MAIL_USER_TYPES);
  const mails = pending.flatMap((message) => {
    const companyId = message.side === 'sender' ? message.receiverCompanyId : message.senderCompanyId;
    return recipients
      .filter((recipient) => recipient.companyId === companyId)
      .map((recipient) => dealMail(bank, message, recipient));
  });
  await queueMails(tx, mails);
  for (const message of pending)
    await tx
      .update(m)
      .set({ message_notified_at: new Date() })
      .where(
        and(
          eq(m.bank_code, message.bankCode),
          eq(m.cmh_id, message.cmhId),
          eq(m.message_id, message.messageId),
        ),
      );
  return pending.length;
}

/**
 * After a deal's command has committed: mails its new message to the other side at once, in that
 * side's bank. A failure here loses nothing: the job (matchingDealMailJob) mails it on its next run.
 */
export async function mailDealMessagesOf(
  db: Database,
  tenants: TenantRegistry,
  recipientBankCode: string,
  request: FastifyRequest,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const tenant = tenants.get(recipientBankCode);
  if (!tenant) return;
  try {
    await db.withBank(recipientBankCode, (tx) =>
      mailPendingDealMessages(
        tx,
        recipientBankCode,
        mailBankOf(tenant, bankPublicOrigin(tenant, request.server.config, request.host)),
      ),
    );
  } catch (err) {
    log.warn({ err }, 'deal mail not queued now; the matching mail job queues it');
  }
}
