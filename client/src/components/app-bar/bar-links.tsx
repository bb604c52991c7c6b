import styled from 'styled-components';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { NEW_TAB_NOTE } from '../external-link.tsx';
import { Icon } from '../icons/icons.tsx';
import { VisuallyHidden } from '../visually-hidden.ts';

export const BarLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-height: 44px;
  padding-inline: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radii.md};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

/** The help site in a new tab, unless the bank turned help off (customize.show_help). */
export function HelpLink() {
  const config = useAppConfig();
  if (config.customize.show_help === false) return null;
  return (
    <BarLink href={config.help_url} target="_blank" rel="noopener noreferrer">
      <Icon name="help" />
      ヘルプ
      <VisuallyHidden>{NEW_TAB_NOTE}</VisuallyHidden>
    </BarLink>
  );
}

/**
 * Logout is a full page load: /logout is the gateway's page that posts the logout (a GET ends
 * nothing), which ends the server's session and the identity provider's.
 */
export function LogoutLink() {
  return (
    <BarLink href="/logout">
      <Icon name="logout" />
      ログアウト
    </BarLink>
  );
}
