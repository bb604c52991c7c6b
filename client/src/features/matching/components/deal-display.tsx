import { type ReactNode, useMemo } from 'react';
import styled from 'styled-components';
import type { DealStatus } from '#server/contracts/matching-deals.ts';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';
import { useMasterList } from '#client/lib/master-data.ts';

const STATUS_TONES: Record<DealStatus, StatusTone> = {
  requested: 'plain',
  replied: 'plain',
  negotiating: 'success',
  contracted: 'success',
  not_contracted: 'muted',
  declined: 'muted',
  withdrawn: 'muted',
};

/** The counterpart's messages not yet answered: a word and a number, not a colour alone. */
const Unreplied = styled.span`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.onDanger};
  background: ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** 未返信 2: the deal's part of the unanswered-matching badge; nothing when there is none. */
export function UnrepliedMark({ count }: { count: number }) {
  if (count <= 0) return null;
  return <Unreplied>未返信 {count > 99 ? '99+' : count}</Unreplied>;
}

/** A master list's name for `code`, else the code itself (a master that lost an entry still shows something). */
function nameIn(list: readonly { code: string; name: string }[], code: string): string {
  return list.find((item) => item.code === code)?.name ?? code;
}

export interface DealLabels {
  /** The deal's status as a tag, in the cmh_statuses master's words. */
  statusTag: (status: DealStatus) => ReactNode;
  /** The cmh_request_types master's name of a request type. */
  requestTypeName: (code: string) => string;
  /** The cmh_statuses master's name of a status (the list's filter). */
  statusName: (status: DealStatus) => string;
}

/** How the pages name a deal's status and request type: the masters loaded at start-up. */
export function useDealLabels(): DealLabels {
  const statuses = useMasterList('cmh_statuses');
  const requestTypes = useMasterList('cmh_request_types');
  return useMemo(
    () => ({
      statusTag: (status) => <StatusTag $tone={STATUS_TONES[status]}>{nameIn(statuses, status)}</StatusTag>,
      requestTypeName: (code) => nameIn(requestTypes, code),
      statusName: (status) => nameIn(statuses, status),
    }),
    [statuses, requestTypes],
  );
}
