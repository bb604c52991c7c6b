import type { ReactNode } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';

const Title = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};

  a {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
    overflow-wrap: anywhere;
  }
`;

const Note = styled.p<{ $tone: 'muted' | 'danger' }>`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.textMuted)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/**
 * A table's title cell: the title in bold as the link to the item's page, and under it, when
 * there is one, a note about the item (the bank's comment on a reviewed item; `noteTone="danger"`
 * for the reason it was refused).
 */
export function TitleLinkCell({
  to,
  title,
  note,
  noteTone = 'muted',
}: {
  to: string;
  title: string;
  note?: ReactNode;
  noteTone?: 'muted' | 'danger';
}) {
  return (
    <Title>
      <Link to={to}>{title}</Link>
      {note !== undefined && <Note $tone={noteTone}>{note}</Note>}
    </Title>
  );
}
