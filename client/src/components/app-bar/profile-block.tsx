import { useState } from 'react';
import styled from 'styled-components';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { Icon } from '../icons/icons.tsx';

/**
 * Where the portal serves a stored file by its unique code. The spec names the reference
 * (file_unique_code) but not the call; it arrives with the files feature.
 */
export function fileUrlOf(fileUniqueCode: string): string {
  return `/api/v1/file/${encodeURIComponent(fileUniqueCode)}`;
}

const Block = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;
`;

const Logo = styled.img`
  flex: none;
  width: 36px;
  height: 36px;
  object-fit: contain;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Placeholder = styled.span`
  display: grid;
  flex: none;
  place-items: center;
  width: 36px;
  height: 36px;
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Names = styled.div`
  display: grid;
  min-width: 0;
  line-height: 1.3;

  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Company = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Who is logged in (spec section 2, application bar): the company's logo, the user's name and company. */
export function ProfileBlock({ user }: { user: LoggedInUser }) {
  const [logoFailed, setLogoFailed] = useState(false);
  const logo = user.company_logo_file;
  const organisation = user.company_name ?? user.user_bb_name ?? user.bb_name;
  return (
    <Block data-testid="profile-block">
      {logo && !logoFailed ? (
        <Logo
          src={fileUrlOf(logo.file_unique_code)}
          alt={organisation ? `${organisation}のロゴ` : ''}
          width={36}
          height={36}
          onError={() => setLogoFailed(true)}
        />
      ) : (
        <Placeholder aria-hidden="true">
          <Icon name="user" size={20} />
        </Placeholder>
      )}
      <Names>
        <span>{user.user_name} 様</span>
        {organisation && <Company>{organisation}</Company>}
      </Names>
    </Block>
  );
}
