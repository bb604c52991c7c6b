import { mailBankOf } from '#server/mail/bank-mail.ts';
import { bankPublicOrigin } from '#server/tenancy/public-origin.ts';
import type { DomainJob } from '../kit/domain-jobs.ts';
import { mailPendingDealMessages } from './deal-notices.ts';

/**
 * Catches up the deal mail a command could not queue at once (its gateway stopped between the
 * commit and the mail, or the other bank's database was out of reach): every minute, per bank, the
 * messages addressed to its companies that were not mailed yet (deal-notices.ts).
 */
export const matchingDealMailJob: DomainJob = {
  name: 'matching-deal-mail',
  everyMs: 60_000,
  async runForBank({ tx, bankCode, tenant, deployment, logger }) {
    const bank = mailBankOf(tenant, bankPublicOrigin(tenant, deployment));
    const sent = await mailPendingDealMessages(tx, bankCode, bank);
    if (sent > 0) logger.info({ messages: sent }, 'deal mail queued by the catch-up job');
  },
};
