import styled, { css } from 'styled-components';
import { VisuallyHidden } from '../visually-hidden.ts';

const Bubble = styled.span<{ $emphasised: boolean }>`
  display: inline-grid;
  place-items: center;
  min-width: 20px;
  height: 20px;
  padding-inline: 6px;
  font-size: 12px;
  line-height: 1;
  color: ${({ theme }) => theme.colors.onDanger};
  background: ${({ theme }) => theme.colors.danger};
  border-radius: 10px;
  ${({ $emphasised, theme }) =>
    $emphasised
      ? css`
          font-weight: ${theme.typography.fontWeightBold};
          box-shadow: 0 0 0 2px ${theme.colors.surface};
        `
      : css`
          font-weight: normal;
        `}
`;

/**
 * An unread or to-do count beside a menu entry; nothing when the count is zero. `label` says what
 * is counted, for screen readers (e.g. 未読). `emphasised` draws it bold (spec section 6: the news
 * count for owner and partner owner).
 */
export function CountBadge({
  count,
  label,
  emphasised = false,
}: {
  count: number;
  label: string;
  emphasised?: boolean;
}) {
  if (count <= 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <>
      <Bubble $emphasised={emphasised} aria-hidden="true" data-emphasised={emphasised || undefined}>
        {shown}
      </Bubble>
      <VisuallyHidden>{`（${label}${count}件）`}</VisuallyHidden>
    </>
  );
}

const NewMark = styled.span`
  display: inline-block;
  padding: 0 6px;
  font-size: 11px;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  line-height: 18px;
  color: ${({ theme }) => theme.colors.onCatch};
  background: ${({ theme }) => theme.colors.catch};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** The 'new' mark on a recently added service entry (spec section 4). */
export function NewBadge() {
  return <NewMark>NEW</NewMark>;
}
