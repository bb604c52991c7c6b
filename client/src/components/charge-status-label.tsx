import styled from 'styled-components';
import { useMasterList } from '#client/lib/master-data.ts';

// The colour is the master's, per row: an inline style rather than a class per colour.
const Label = styled.span.attrs<{ $color: string | undefined }>(({ $color }) => ({
  style: $color ? { color: $color } : undefined,
}))<{ $color: string | undefined }>`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  white-space: nowrap;
`;

/** A charge's status by the charge_statuses master's name, in its colour (未入金 in red). */
export function ChargeStatusLabel({ status }: { status: string }) {
  const statuses = useMasterList('charge_statuses');
  const found = statuses.find((item) => item.code === status);
  return <Label $color={found?.color}>{found?.name ?? status}</Label>;
}
