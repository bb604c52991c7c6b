import styled from 'styled-components';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { Icon } from '../icons/icons.tsx';
import { MenuEntryBadge, MenuEntryLink } from './menu-entry.tsx';
import { useMenu } from './use-company-menu.ts';
import { useCurrentMenuItem, useMenuContext } from './use-menus.ts';

/** Room the fixed bar takes at the bottom of the screen; the page keeps this much free below it. */
export const TAB_BAR_HEIGHT = 64;

const Bar = styled.nav`
  position: fixed;
  right: 0;
  bottom: 0;
  left: 0;
  z-index: 800;
  padding-bottom: env(safe-area-inset-bottom);
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Items = styled.ul`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    flex: 1 1 0;
    min-width: 0;
  }
`;

const Tab = styled(MenuEntryLink)`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  width: 100%;
  height: ${TAB_BAR_HEIGHT}px;
  padding: ${({ theme }) => theme.spacing.xs};
  font: inherit;
  font-size: 11px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  background: transparent;
  border: 0;
  cursor: pointer;

  &[aria-current='page'] {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
    color: ${({ theme }) => theme.colors.main};
  }
`;

const TabBadge = styled.span`
  position: absolute;
  top: 4px;
  left: calc(50% + 6px);
`;

function TabBar({
  items,
  label,
  onOpenNavigation,
}: {
  items: readonly MenuItem[];
  label: string;
  onOpenNavigation: () => void;
}) {
  const current = useCurrentMenuItem(items);
  return (
    <Bar aria-label={label}>
      <Items>
        {items.map((item) => (
          <li key={item.title}>
            <Tab item={item} current={item === current} onAction={onOpenNavigation}>
              {item.icon && <Icon name={item === current ? item.icon.selected : item.icon.default} />}
              <span>{item.title}</span>
              <TabBadge>
                <MenuEntryBadge item={item} />
              </TabBadge>
            </Tab>
          </li>
        ))}
      </Items>
    </Bar>
  );
}

/**
 * The phone's bottom bar (spec section 2): スタート, マッチング (not for company_employee), チャット,
 * 福利厚生 and サービス, which opens the whole navigation. 福利厚生 leads to the benefits site for a
 * user with company_setting_coupon_write; for anyone else it runs the alternative action (spec
 * section 6), opening the navigation, where the benefits entries they may use are listed.
 */
export function PhoneBottomBar({ onOpenNavigation }: { onOpenNavigation: () => void }) {
  const items = useMenu('phoneBottomBar');
  const context = useMenuContext();
  const mayUseBenefits =
    context !== null &&
    hasAllPermissions({ isSuperUser: context.isSuperUser, permittedActions: context.permittedActions }, [
      'company_setting_coupon_write',
    ]);
  const shown = items.map((item): MenuItem =>
    item.link === '/fukuri' && !mayUseBenefits
      ? { ...item, link: undefined, action: 'open_navigation' }
      : item,
  );
  return <TabBar items={shown} label="ボトムメニュー" onOpenNavigation={onOpenNavigation} />;
}

/** The mobile-app wrapper's footer menu, in place of the bottom bar up to 480 px (spec section 2). */
export function MobileAppFooterMenu({ onOpenNavigation }: { onOpenNavigation: () => void }) {
  const items = useMenu('mobileAppFooter');
  return <TabBar items={items} label="アプリメニュー" onOpenNavigation={onOpenNavigation} />;
}
