import { useId } from 'react';
import styled from 'styled-components';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { Icon } from '../icons/icons.tsx';
import { MenuEntryBadge, MenuEntryLink } from './menu-entry.tsx';
import { SubEntry } from './navigation-columns.tsx';
import { useStoredFlag } from './use-stored-flag.ts';
import { groupOf, useCurrentMenuItem } from './use-menus.ts';

/** Local-storage key of a group's open or closed state on phones (spec section 4: kept per group title). */
export function groupOpenStorageKey(title: string): string {
  return `navigation_group_open.${title}`;
}

const List = styled.ul`
  margin: 0;
  padding: 0 ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  list-style: none;
`;

const GroupHeader = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  width: 100%;
  min-height: 48px;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  font: inherit;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.onMenu};
  text-align: left;
  background: transparent;
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.menuHover};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.menuHover};
  }

  svg:last-child {
    transition: transform 0.2s;
  }

  &[aria-expanded='true'] svg:last-child {
    transform: rotate(180deg);
  }
`;

const GroupTitle = styled.span`
  flex: 1;
`;

const GroupLink = styled(MenuEntryLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-height: 48px;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.onMenu};
  text-decoration: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.menuHover};
`;

const Panel = styled.ul`
  margin: ${({ theme }) => theme.spacing.xs} 0;
  padding: ${({ theme }) => theme.spacing.xs};
  list-style: none;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

function AccordionGroup({
  group,
  current,
  holdsCurrent,
  onFollow,
}: {
  group: MenuItem;
  current: MenuItem | undefined;
  holdsCurrent: boolean;
  onFollow?: () => void;
}) {
  // Never toggled: open if the current page is in it.
  const [open, setOpen] = useStoredFlag(groupOpenStorageKey(group.title), holdsCurrent);
  const panelId = useId();
  return (
    <li>
      <GroupHeader type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {group.icon && <Icon name={group.icon.default} />}
        <GroupTitle>{group.title}</GroupTitle>
        <MenuEntryBadge item={group} />
        <Icon name="chevronDown" size={20} />
      </GroupHeader>
      {open && (
        <Panel id={panelId}>
          {(group.sub ?? []).map((item) => (
            <li key={item.title}>
              <SubEntry item={item} current={item === current} onFollow={onFollow}>
                <span>{item.title}</span>
                <MenuEntryBadge item={item} />
              </SubEntry>
            </li>
          ))}
        </Panel>
      )}
    </li>
  );
}

/**
 * The whole navigation on a phone: each group opens and closes by its header, and stays as the
 * visitor left it (kept in local storage by group title, spec section 4).
 */
export function NavigationAccordion({
  groups,
  onFollow,
}: {
  groups: readonly MenuItem[];
  onFollow?: () => void;
}) {
  const current = useCurrentMenuItem(groups);
  const currentGroup = groupOf(groups, current);
  return (
    <List>
      {groups.map((group) =>
        group.sub ? (
          <AccordionGroup
            key={group.title}
            group={group}
            current={current}
            holdsCurrent={group === currentGroup}
            onFollow={onFollow}
          />
        ) : (
          <li key={group.title}>
            <GroupLink item={group} current={group === current} onFollow={onFollow}>
              {group.icon && <Icon name={group.icon.default} />}
              <GroupTitle>{group.title}</GroupTitle>
              <MenuEntryBadge item={group} />
            </GroupLink>
          </li>
        ),
      )}
    </List>
  );
}
