import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';
import { PARTNER_INFORMATION_LIST_PATH } from './partner-information-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.company.path };
const LIST_TITLE = 'パートナー情報';

/**
 * /mypage/setting/information and its edit page (company layout), each its own chunk: a partner
 * company's own partner information, under the page rule partner_information_settings.
 */
export const partnerInformationSettingRoutes = [
  pageRoute(settingsPages.partnerInformation, {
    handle: { title: LIST_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { PartnerInformationListPage } = await import('./partner-information-list-page.tsx');
      return { element: <PartnerInformationListPage /> };
    },
  }),
  // edit/new: an item not yet saved (NEW_PARTNER_INFORMATION_ID); else an item's id.
  pageRoute(settingsPages.partnerInformationEdit, {
    handle: {
      title: 'パートナー情報の編集',
      breadcrumbs: [DASHBOARD, { label: LIST_TITLE, to: PARTNER_INFORMATION_LIST_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { PartnerInformationEditPage } = await import('./partner-information-edit-page.tsx');
      return { element: <PartnerInformationEditPage /> };
    },
  }),
];
