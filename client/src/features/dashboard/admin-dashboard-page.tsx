import { ADMIN_SHORTCUTS } from '#server/contracts/navigation-links.ts';
import { adminBadgesFor } from '#client/components/admin/admin-badges.ts';
import { useBadgeCounts } from '#client/components/navigation/badge-counts.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import {
  CountLinks,
  DashboardCard,
  DashboardGrid,
  Greeting,
  ShortcutLinks,
} from '#client/components/dashboard/dashboard-parts.tsx';
import { useOfferedShortcuts } from '#client/components/dashboard/use-offered-shortcuts.ts';
import { DashboardWidgetSlot } from '#client/lib/dashboard-widgets.tsx';

/**
 * The admin area's landing page (admin spec section 2): who is logged in, with the branch and the
 * role, the to-do counts of the top bar's badges, then what the staff need first of what the bank
 * publishes (items whose publication ends within 30 days, the next seminars with their
 * applications, the latest changes, each linking to its edit page), and the pages the user may open.
 */
export function AdminDashboardPage() {
  const user = useCurrentUser();
  const counts = useBadgeCounts();
  const shortcuts = useOfferedShortcuts(ADMIN_SHORTCUTS);
  // The route rules let only logged-in bank staff here.
  if (!user) return null;
  const pendingCounts = adminBadgesFor(user.user_type);
  return (
    <DashboardGrid>
      <Greeting
        name={user.user_name}
        facts={[
          { term: '所属', value: user.user_bb_name ?? user.bb_name ?? '—' },
          { term: '権限', value: user.user_type_name },
        ]}
      />
      {pendingCounts.length > 0 && (
        <DashboardCard title="対応が必要な件数">
          <CountLinks
            counts={pendingCounts.map((badge) => ({
              label: `${badge.label}：${counts[badge.counter]}件`,
              to: badge.to,
            }))}
          />
        </DashboardCard>
      )}
      <DashboardWidgetSlot area="admin" />
      <DashboardCard title="よく使うページ">
        <ShortcutLinks shortcuts={shortcuts} />
      </DashboardCard>
    </DashboardGrid>
  );
}
