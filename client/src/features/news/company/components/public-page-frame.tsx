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

export const PublicPageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding-bottom: ${({ theme }) => theme.spacing.md};
  font-size: 24px;
  line-height: 1.4;
  border-bottom: 2px solid ${({ theme }) => theme.colors.main};

  ${({ theme }) => theme.media.tabletUp} {
    font-size: 28px;
  }
`;

/** The public news pages' frame (plain layout): reading width and side gutters. */
export function PublicPageFrame({ children }: { children: ReactNode }) {
  return <Frame>{children}</Frame>;
}
