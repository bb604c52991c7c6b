import { japanDateString } from '#server/contracts/japan-day.ts';
import { recordAudit } from '#server/db/audit.ts';
import type { DomainJob, JobContext } from '../kit/domain-jobs.ts';
import { carryOutDueReservations } from '../accounts/unsubscription-queries.ts';

/**
 * The day after a reserved leaving (the last day of the chosen month, in Japan): the company is
 * marked left and disabled, its users are disabled and their sessions end (the logged-in user
 * loader refuses a disabled user or company on any request a session that slipped through makes).
 * Nothing is deleted: the data is kept for the retention period the README states.
 *
 * Each company carried out gets an audit row CLOSE (the company ended but kept) with no actor: the
 * schedule acted, not a person.
 */
export async function carryOutUnsubscriptions({ tx, bankCode, now, logger, sessions }: JobContext) {
  const { companies, userIds } = await carryOutDueReservations(tx, japanDateString(now), now);
  if (companies.length === 0) return;
  for (const code of companies) {
    await recordAudit(tx, {
      action: 'CLOSE',
      targetType: 'companies',
      targetId: code,
      actorUserId: null,
      impersonatorUserId: null,
      clientAddress: null,
      requestId: null,
    });
  }
  // Before the commit: if the sessions cannot be ended, the run rolls back and the next one retries.
  for (const userId of userIds) await sessions.endAllOf(bankCode, userId);
  logger.info({ companies: companies.length, users: userIds.length }, 'reserved unsubscriptions carried out');
}

export const unsubscriptionJob: DomainJob = {
  name: 'company-unsubscription',
  // The reservations fall due at midnight in Japan: a run within ten minutes of it is soon enough.
  everyMs: 10 * 60 * 1000,
  runForBank: carryOutUnsubscriptions,
};
