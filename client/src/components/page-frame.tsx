import type { ReactNode } from 'react';
import styled from 'styled-components';

const Frame = styled.div`
  width: 100%;
  max-width: 880px;
  margin-inline: auto;
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.md} ${theme.spacing.xl}`};

  ${({ theme }) => theme.media.tabletUp} {
    padding-inline: ${({ theme }) => theme.spacing.lg};
  }
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding-bottom: ${({ theme }) => theme.spacing.md};
  font-size: 24px;
  line-height: 1.4;
  border-bottom: 2px solid ${({ theme }) => theme.colors.main};

  ${({ theme }) => theme.media.tabletUp} {
    font-size: 28px;
  }
`;

/**
 * The frame of a page in the plain layout (inquiry, public news): reading width, the page heading
 * (left out when the content brings its own h1), the content.
 */
export function PageFrame({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Frame>
      {title !== undefined && <Title>{title}</Title>}
      {children}
    </Frame>
  );
}
