import { mailBankOf } from '#server/mail/bank-mail.ts';
import type { DomainJob } from '../kit/domain-jobs.ts';
import { mailPendingDealMessages, portalOriginOf } from './deal-notices.ts';

/**
 * Catches up the deal mail a command could not queue at once (its gateway stopped between the
 * commit and the mail, or the other bank's database was out of reach): every minute, per bank, the
 * messages addressed to its companies that were not mailed yet (deal-notices.ts).
 */
export const matchingDealMailJob: DomainJob = {
  name: 'matching-deal-mail',
  everyMs: 60_000,
  async runForBank({ tx, bankCode, tenant, logger }) {
    const sent = await mailPendingDealMessages(tx, bankCode, mailBankOf(tenant, portalOriginOf(tenant)));
    if (sent > 0) logger.info({ messages: sent }, 'deal mail queued by the catch-up job');
  },
};
