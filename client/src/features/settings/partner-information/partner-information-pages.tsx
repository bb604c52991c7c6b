import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { PARTNER_INFORMATION_LIST_PATH } from './partner-information-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };
const LIST_TITLE = 'パートナー情報';

/**
 * /mypage/setting/information and its edit page (company layout), each its own chunk: a partner
 * company's own partner information, under the page rule partner_information_settings.
 */
export const partnerInformationSettingRoutes: RouteObject[] = [
  {
    path: PARTNER_INFORMATION_LIST_PATH,
    handle: { title: LIST_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { PartnerInformationListPage } = await import('./partner-information-list-page.tsx');
      return { element: <PartnerInformationListPage /> };
    },
  },
  {
    // edit/new: an item not yet saved (NEW_PARTNER_INFORMATION_ID); else an item's id.
    path: `${PARTNER_INFORMATION_LIST_PATH}/edit/:id`,
    handle: {
      title: 'パートナー情報の編集',
      breadcrumbs: [DASHBOARD, { label: LIST_TITLE, to: PARTNER_INFORMATION_LIST_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { PartnerInformationEditPage } = await import('./partner-information-edit-page.tsx');
      return { element: <PartnerInformationEditPage /> };
    },
  },
];
