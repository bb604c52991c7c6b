import type { ReactNode } from 'react';
import styled from 'styled-components';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  p {
    margin: 0;
  }
`;

const Lead = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

/** A completion page's body (sent, registered, reset): what happened in large type, then what next. */
export function Completion({ lead, children }: { lead: string; children: ReactNode }) {
  return (
    <Body>
      <Lead>{lead}</Lead>
      {children}
    </Body>
  );
}
