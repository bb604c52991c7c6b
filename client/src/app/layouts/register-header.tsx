import type { ReactNode } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { useAppConfig } from '#client/lib/app-config-context.tsx';

const Header = styled.header`
  background: ${({ theme }) => theme.colors.surface};
  border-top: 4px solid ${({ theme }) => theme.colors.main};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  max-width: 960px;
  min-height: 64px;
  margin-inline: auto;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
`;

const Logo = styled.img`
  display: block;
  width: auto;
  height: 32px;
  max-width: 180px;
  object-fit: contain;
`;

const Caption = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

/**
 * The registration pages' header: the bank's logo linking to / and what the visitor is doing. No
 * navigation and no account links: whoever registers is not logged in yet.
 */
export function RegisterHeader({ caption }: { caption: ReactNode }) {
  const config = useAppConfig();
  return (
    <Header>
      <Bar>
        <Link to="/">
          <Logo src={config.logo_url} alt={config.bank.name} height={32} />
        </Link>
        <Caption>{caption}</Caption>
      </Bar>
    </Header>
  );
}

/** The registration form's column: narrower than the portal's pages, for one form at a time. */
export const RegisterContent = styled.div`
  width: 100%;
  max-width: 960px;
  margin-inline: auto;
  padding: ${({ theme }) => theme.spacing.md};

  ${({ theme }) => theme.media.tabletUp} {
    padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.md}`};
  }
`;
