import { japanDateString } from '#server/contracts/japan-day.ts';
import type { DomainJob, JobContext } from '../kit/domain-jobs.ts';
import { movePartnerInformationOn } from './partner-information-setting-queries.ts';

/**
 * Approved partner information follows the calendar in Japan (decision 0091): on its first day an
 * item BEFORE_PUBLISHING becomes PUBLISHING, after its last day a PUBLISHING one becomes
 * AFTER_PUBLISHING (approvedStatusOn of the contract). Every item of the kind moves, whoever wrote it:
 * the statuses mean the same for the staff's items. The companies' pages need no run to hide an item
 * past its last day (their visibility reads the days too); they need one to show an item from its
 * first day, so a run within minutes of midnight is soon enough.
 *
 * No audit row: nobody acted, and what the run does follows from the approved days.
 */
export async function movePartnerInformationWithTheCalendar({ tx, now, logger }: JobContext) {
  const moved = await movePartnerInformationOn(tx, japanDateString(now));
  if (moved > 0) logger.info({ items: moved }, 'partner information moved on with the calendar');
}

export const partnerInformationPublicationJob: DomainJob = {
  name: 'partner-information-publication',
  everyMs: 10 * 60 * 1000,
  runForBank: movePartnerInformationWithTheCalendar,
};
