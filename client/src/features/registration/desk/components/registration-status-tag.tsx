import { useCallback } from 'react';
import type { RegistrationListItem } from '#server/contracts/registration-desk.ts';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';
import { useMasterList } from '#client/lib/master-data.ts';

type RegistrationStatus = RegistrationListItem['cr_status'];

/** 承認済み reads well, 却下 in danger, 承認待ち plain. */
const TONES: Record<RegistrationStatus, StatusTone> = {
  approved: 'success',
  rejected: 'danger',
  pending: 'plain',
};

/** 承認待ち, 承認済み, 却下: the names of the cr_statuses master (the code when the master lacks one). */
export function useRegistrationStatusName(): (status: RegistrationStatus) => string {
  const statuses = useMasterList('cr_statuses');
  return useCallback((status) => statuses.find((item) => item.code === status)?.name ?? status, [statuses]);
}

/** An application's status as a tag: 承認済み in the success colour, 却下 in danger, 承認待ち plain. */
export function RegistrationStatusTag({ status }: { status: RegistrationStatus }) {
  const nameOf = useRegistrationStatusName();
  return <StatusTag $tone={TONES[status]}>{nameOf(status)}</StatusTag>;
}
