import styled from 'styled-components';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { MenuEntryBadge } from '../navigation/menu-entry.tsx';
import { SubEntry } from '../navigation/navigation-columns.tsx';
import { useMenu } from '../navigation/use-company-menu.ts';
import { HelpLink, LogoutLink } from './bar-links.tsx';
import { ProfileBlock } from './profile-block.tsx';

const Section = styled.div`
  padding: 0 ${({ theme }) => theme.spacing.md} ${({ theme }) => theme.spacing.md};
`;

const Entries = styled.ul`
  margin: ${({ theme }) => theme.spacing.md} 0;
  padding: ${({ theme }) => theme.spacing.md} 0;
  list-style: none;
  border-block: 1px solid ${({ theme }) => theme.colors.border};
`;

const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
`;

/**
 * The phone's settings drawer (spec section 2): who is logged in, the settings group of the
 * navigation, help and logout.
 */
export function SettingsMenu({ user, onFollow }: { user: LoggedInUser; onFollow: () => void }) {
  const settings = useMenu('company').find((group) => group.icon?.default === 'settings');
  return (
    <Section>
      <ProfileBlock user={user} />
      {settings?.sub && (
        <nav aria-label={settings.title}>
          <Entries>
            {settings.sub.map((item) => (
              <li key={item.title}>
                <SubEntry item={item} onFollow={onFollow}>
                  <span>{item.title}</span>
                  <MenuEntryBadge item={item} />
                </SubEntry>
              </li>
            ))}
          </Entries>
        </nav>
      )}
      <Actions>
        <HelpLink />
        <LogoutLink />
      </Actions>
    </Section>
  );
}
