import { useCallback } from 'react';
import styled, { css } from 'styled-components';
import type { RegistrationListItem } from '#server/contracts/registration-desk.ts';
import { useMasterList } from '#client/lib/master-data.ts';

type RegistrationStatus = RegistrationListItem['cr_status'];

const Tag = styled.span<{ $status: RegistrationStatus }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  white-space: nowrap;
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.sm};
  ${({ theme, $status }) => {
    if ($status === 'approved')
      return css`
        color: ${theme.colors.onSuccess};
        background: ${theme.colors.success};
        border-color: ${theme.colors.success};
      `;
    if ($status === 'rejected')
      return css`
        color: ${theme.colors.onDanger};
        background: ${theme.colors.danger};
        border-color: ${theme.colors.danger};
      `;
    return css`
      color: ${theme.colors.text};
      background: ${theme.colors.surfaceMuted};
      border-color: ${theme.colors.border};
    `;
  }}
`;

/** 承認待ち, 承認済み, 却下: the names of the cr_statuses master (the code when the master lacks one). */
export function useRegistrationStatusName(): (status: RegistrationStatus) => string {
  const statuses = useMasterList('cr_statuses');
  return useCallback((status) => statuses.find((item) => item.code === status)?.name ?? status, [statuses]);
}

/** An application's status as a tag: 承認済み in the success colour, 却下 in danger, 承認待ち plain. */
export function RegistrationStatusTag({ status }: { status: RegistrationStatus }) {
  const nameOf = useRegistrationStatusName();
  return <Tag $status={status}>{nameOf(status)}</Tag>;
}
