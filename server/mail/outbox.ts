import { sql } from 'drizzle-orm';
import type { DbTransaction } from '#server/db/database.ts';
import { batchesOf } from '#server/db/insert-batches.ts';
import { mailOutbox } from '#server/db/schema/mail-outbox.ts';
import type { RenderedMail } from './bank-mail.ts';

/** The channel a committed mail is announced on; the payload is the bank's code. */
export const MAIL_OUTBOX_CHANNEL = 'mail_outbox';

/**
 * Puts a mail in the outbox, in the command's own transaction (inside `request.inBank`): it is sent
 * only if the command commits, and a worker of any gateway sends it (server/mail/mail-worker.ts).
 * The NOTIFY is delivered at commit, so a worker starts on it at once.
 */
export async function queueMail(tx: DbTransaction, mail: RenderedMail): Promise<void> {
  // One statement, one round trip: the row and its announcement.
  const insert = tx
    .insert(mailOutbox)
    .values({
      mail_kind: mail.kind,
      mail_to: mail.to,
      mail_subject: mail.subject,
      mail_text: mail.text,
      mail_html: mail.html,
      mail_message_id: mail.messageId,
    })
    .returning({ bankCode: mailOutbox.bank_code });
  await tx.execute(
    sql`with queued as ${insert} select pg_notify(${MAIL_OUTBOX_CHANNEL}, bank_code) from queued`,
  );
}

const MAIL_BATCH_ROWS = 250;

/**
 * Puts many mails in the outbox in the command's transaction (as queueMail does one), in multi-row
 * INSERTs of MAIL_BATCH_ROWS, and announces them once: the workers wake at commit and send them in
 * their own time (a bulk create's owners).
 */
export async function queueMails(tx: DbTransaction, mails: readonly RenderedMail[]): Promise<void> {
  if (mails.length === 0) return;
  for (const batch of batchesOf(mails, MAIL_BATCH_ROWS)) {
    await tx.insert(mailOutbox).values(
      batch.map((mail) => ({
        mail_kind: mail.kind,
        mail_to: mail.to,
        mail_subject: mail.subject,
        mail_text: mail.text,
        mail_html: mail.html,
        mail_message_id: mail.messageId,
      })),
    );
  }
  // The payload is the bank's code, as queueMail's: the transaction's own bank.
  await tx.execute(sql`select pg_notify(${MAIL_OUTBOX_CHANNEL}, current_setting('app.bank_code'))`);
}
