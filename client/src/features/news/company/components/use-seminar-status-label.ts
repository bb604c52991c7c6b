import { useCallback } from 'react';
import type { SeminarStatus } from '#server/contracts/news.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import type { SeminarStatusLabel } from './seminar-facts.tsx';

/** A seminar status's name from the seminar_statuses master (start-up loaded it). */
export function useSeminarStatusLabel(): SeminarStatusLabel {
  const statuses = useMasterList('seminar_statuses');
  return useCallback(
    (status: SeminarStatus) => statuses.find((entry) => entry.code === status)?.name ?? status,
    [statuses],
  );
}
