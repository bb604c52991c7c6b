import { useId, useState } from 'react';
import { useLocation } from '#client/lib/router/index.ts';
import styled, { css } from 'styled-components';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { Icon } from '../icons/icons.tsx';
import { MenuEntryBadge, MenuEntryLink } from './menu-entry.tsx';
import { groupOf, useCurrentMenuItem } from './use-menus.ts';

const Columns = styled.div`
  display: flex;
  align-items: stretch;
  min-height: 100%;
`;

const MainColumn = styled.ul<{ $width: number }>`
  flex: none;
  width: ${({ $width }) => $width}px;
  margin: 0;
  padding: ${({ theme }) => theme.spacing.xs} 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.onMenu};
  background: ${({ theme }) => theme.colors.menu};
`;

const groupControl = css<{ $selected: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  width: 100%;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.xs}`};
  font: inherit;
  font-size: 11px;
  line-height: 1.3;
  text-align: center;
  text-decoration: none;
  overflow-wrap: anywhere;
  cursor: pointer;
  border: 0;
  ${({ theme, $selected }) =>
    $selected
      ? css`
          color: ${theme.colors.onMenuActive};
          background: ${theme.colors.menuActive};
        `
      : css`
          color: ${theme.colors.onMenu};
          background: transparent;

          &:hover {
            background: ${theme.colors.menuHover};
          }
        `}
`;

const GroupButton = styled.button<{ $selected: boolean }>`
  ${groupControl}
`;

const GroupLink = styled(MenuEntryLink)<{ $selected: boolean }>`
  ${groupControl}
`;

const GroupBadge = styled.span`
  position: absolute;
  top: 2px;
  right: 2px;
`;

const SubColumn = styled.div<{ $width: number }>`
  flex: none;
  width: ${({ $width }) => $width}px;
  padding: ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
`;

const SubTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.typography.fontSizeBase};
`;

const SubList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const SubEntry = styled(MenuEntryLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  text-decoration: none;
  background: transparent;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }

  &[aria-current='page'] {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
    color: ${({ theme }) => theme.colors.onMenuActive};
    background: ${({ theme }) => theme.colors.menuActive};
  }

  span:first-child {
    flex: 1;
  }
`;

export interface NavigationColumnsProps {
  groups: readonly MenuItem[];
  /** Column widths in px (spec section 9: main 85 / sub 220 on PC, 100 / 380 on a tablet). */
  widths: { main: number; sub: number };
  onFollow?: () => void;
}

/**
 * The two-column navigation of spec section 2: the groups in the main column, the chosen group's sub
 * menu beside it. The group of the current page is chosen until the visitor picks another.
 */
export function NavigationColumns({ groups, widths, onFollow }: NavigationColumnsProps) {
  const { pathname } = useLocation();
  const current = useCurrentMenuItem(groups);
  const currentGroup = groupOf(groups, current);
  // A pick lasts for the page it was made on; the next page shows its own group again.
  const [picked, setPicked] = useState<{ title: string; pathname: string } | null>(null);
  const chosenTitle = picked?.pathname === pathname ? picked.title : (currentGroup ?? groups[0])?.title;
  const chosen = groups.find((group) => group.title === chosenTitle && group.sub);
  const subId = useId();

  return (
    <Columns>
      <MainColumn $width={widths.main}>
        {groups.map((group) => {
          const selected = group === chosen || (group === currentGroup && !group.sub);
          const content = (
            <>
              {group.icon && <Icon name={selected ? group.icon.selected : group.icon.default} />}
              <span>{group.title}</span>
              <GroupBadge>
                <MenuEntryBadge item={group} />
              </GroupBadge>
            </>
          );
          return (
            <li key={group.title}>
              {group.sub ? (
                <GroupButton
                  type="button"
                  $selected={selected}
                  aria-expanded={selected}
                  aria-controls={subId}
                  onClick={() => setPicked({ title: group.title, pathname })}
                >
                  {content}
                </GroupButton>
              ) : (
                <GroupLink item={group} current={group === current} $selected={selected} onFollow={onFollow}>
                  {content}
                </GroupLink>
              )}
            </li>
          );
        })}
      </MainColumn>
      {chosen && (
        <SubColumn $width={widths.sub} id={subId}>
          <SubTitle>{chosen.title}</SubTitle>
          <SubList>
            {(chosen.sub ?? []).map((item) => (
              <li key={item.title}>
                <SubEntry item={item} current={item === current} onFollow={onFollow}>
                  <span>{item.title}</span>
                  <MenuEntryBadge item={item} />
                </SubEntry>
              </li>
            ))}
          </SubList>
        </SubColumn>
      )}
    </Columns>
  );
}
