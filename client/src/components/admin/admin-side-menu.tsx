import { useId, useState } from 'react';
import styled from 'styled-components';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { Icon } from '../icons/icons.tsx';
import { MenuEntryLink } from '../navigation/menu-entry.tsx';
import { groupOf, useCurrentMenuItem } from '../navigation/use-menus.ts';

const List = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.xs} 0;
  list-style: none;
`;

const entryStyle = `
  display: flex;
  align-items: center;
  width: 100%;
  min-height: 44px;
  font: inherit;
  text-align: left;
  text-decoration: none;
  background: transparent;
  border: 0;
  cursor: pointer;
`;

const TopEntry = styled(MenuEntryLink)`
  ${entryStyle}
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  color: ${({ theme }) => theme.colors.onMenu};

  &:hover {
    background: ${({ theme }) => theme.colors.menuHover};
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.onMenuActive};
    background: ${({ theme }) => theme.colors.menuActive};
  }
`;

const GroupButton = styled.button`
  ${entryStyle}
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  color: ${({ theme }) => theme.colors.onMenu};

  &:hover {
    background: ${({ theme }) => theme.colors.menuHover};
  }

  > span {
    flex: 1;
  }

  &[aria-expanded='true'] svg:last-child {
    transform: rotate(180deg);
  }
`;

const SubEntry = styled(MenuEntryLink)`
  ${entryStyle}
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  padding-left: 52px;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.onMenu};

  &:hover {
    background: ${({ theme }) => theme.colors.menuHover};
  }

  &[aria-current='page'] {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
    color: ${({ theme }) => theme.colors.onMenuActive};
    background: ${({ theme }) => theme.colors.menuActive};
  }
`;

function Group({
  group,
  current,
  initiallyOpen,
  onFollow,
}: {
  group: MenuItem;
  current: MenuItem | undefined;
  initiallyOpen: boolean;
  onFollow?: () => void;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  return (
    <li>
      <GroupButton type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {group.icon && <Icon name={group.icon.default} />}
        <span>{group.title}</span>
        <Icon name="chevronDown" size={20} />
      </GroupButton>
      {open && (
        <List id={panelId}>
          {(group.sub ?? []).map((item) => (
            <li key={item.title}>
              <SubEntry item={item} current={item === current} onFollow={onFollow}>
                {item.title}
              </SubEntry>
            </li>
          ))}
        </List>
      )}
    </li>
  );
}

/**
 * The admin area's side menu (admin spec section 2): its entries and groups, the group of the
 * current page open. The benefits and invoice entries leave the application (menu-destination.ts).
 */
export function AdminSideMenu({ items, onFollow }: { items: readonly MenuItem[]; onFollow?: () => void }) {
  const current = useCurrentMenuItem(items);
  const currentGroup = groupOf(items, current);
  return (
    <nav aria-label="管理メニュー">
      <List>
        {items.map((item) =>
          item.sub ? (
            <Group
              key={item.title}
              group={item}
              current={current}
              initiallyOpen={item === currentGroup}
              onFollow={onFollow}
            />
          ) : (
            <li key={item.title}>
              <TopEntry item={item} current={item === current} onFollow={onFollow}>
                {item.icon && <Icon name={item.icon.default} />}
                {item.title}
              </TopEntry>
            </li>
          ),
        )}
      </List>
    </nav>
  );
}
