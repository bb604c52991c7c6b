import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '#server/auth/same-origin.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { mailBankOf, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import {
  type EmailChangeAccount,
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
} from './email-change-mail.ts';
import { createEmailChange, sameMailbox } from './email-change-queries.ts';

/**
 * What a save that takes an e-mail address (the user's own profile, the company's account page)
 * does with it (decision 0096): the same mailbox is saved at once (`saveNow`); another one waits for
 * the link mailed to it, and the address in effect is told. Answers the address to save now and
 * whether a link was mailed.
 */
export async function askEmailChange(
  tx: DbTransaction,
  request: FastifyRequest,
  userId: number,
  account: EmailChangeAccount,
): Promise<{ saveNow: string; confirmationSent: boolean }> {
  const newEmail = account.newEmail.trim();
  if (sameMailbox(newEmail, account.currentEmail)) return { saveNow: newEmail, confirmationSent: false };
  const token = await createEmailChange(tx, userId, newEmail);
  const bank = mailBankOf(request.tenant, requestOrigin(request));
  const asked = { ...account, newEmail };
  await queueMail(tx, renderBankMail(bank, emailChangeConfirmationMail(bank, asked, token)));
  await queueMail(tx, renderBankMail(bank, emailChangeNoticeMail(bank, asked)));
  request.log.info({ userId }, 'e-mail change asked: confirmation mailed');
  return { saveNow: account.currentEmail, confirmationSent: true };
}
