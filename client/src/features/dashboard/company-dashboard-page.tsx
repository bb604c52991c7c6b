import { OWNER_USER_TYPES } from '#server/contracts/account-types.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import {
  COMPANY_EVERYDAY_SHORTCUTS,
  COMPANY_MANAGEMENT_SHORTCUTS,
} from '#server/contracts/navigation-links.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import {
  DashboardCard,
  DashboardGrid,
  Greeting,
  ShortcutLinks,
} from '#client/components/dashboard/dashboard-parts.tsx';
import { useOfferedShortcuts } from '#client/components/dashboard/use-offered-shortcuts.ts';
import { DashboardWidgetSlot } from '#client/lib/dashboard-widgets.tsx';

const isOwner = (user: LoggedInUser) => (OWNER_USER_TYPES as readonly string[]).includes(user.user_type);

/**
 * The company area's landing page (spec section 2: owner and employee variants): who is logged in,
 * with the company and the role; the bank's latest news (with the unread count), the next seminars
 * and the latest columns, as far as the user may read them; the pages the user may open; owners also
 * get their company's management pages.
 */
export function CompanyDashboardPage() {
  const user = useCurrentUser();
  const everyday = useOfferedShortcuts(COMPANY_EVERYDAY_SHORTCUTS);
  const management = useOfferedShortcuts(COMPANY_MANAGEMENT_SHORTCUTS);
  // The route rules let only logged-in company users here.
  if (!user) return null;
  return (
    <DashboardGrid>
      <Greeting
        name={user.user_name}
        facts={[
          { term: '企業名', value: user.company_name ?? '—' },
          { term: '権限', value: user.user_type_name },
        ]}
      />
      <DashboardWidgetSlot area="company" />
      {everyday.length > 0 && (
        <DashboardCard title="よく使うページ">
          <ShortcutLinks shortcuts={everyday} />
        </DashboardCard>
      )}
      {isOwner(user) && management.length > 0 && (
        <DashboardCard title="企業の管理">
          <ShortcutLinks shortcuts={management} />
        </DashboardCard>
      )}
    </DashboardGrid>
  );
}
