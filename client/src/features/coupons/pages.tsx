import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { COUPON_REVIEW_PATH, COUPON_SETTING_PATH } from './coupon-paths.ts';

const COMPANY_DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };
const ADMIN_DASHBOARD = { label: 'ダッシュボード', to: '/admin/dashboard' };
const LIST_TITLE = 'クーポン登録';

/** /mypage/setting/service/offer and its edit page (company layout), each its own chunk. */
export const couponSettingRoutes: RouteObject[] = [
  {
    path: COUPON_SETTING_PATH,
    handle: { title: LIST_TITLE, breadcrumbs: [COMPANY_DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { CouponSettingListPage } = await import('./setting/coupon-setting-list-page.tsx');
      return { element: <CouponSettingListPage /> };
    },
  },
  {
    // edit/new: an offer not yet saved (NEW_COUPON_ID); else an offer's code.
    path: `${COUPON_SETTING_PATH}/edit/:id`,
    handle: {
      title: 'クーポンの編集',
      breadcrumbs: [COMPANY_DASHBOARD, { label: LIST_TITLE, to: COUPON_SETTING_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { CouponEditPage } = await import('./setting/coupon-edit-page.tsx');
      return { element: <CouponEditPage /> };
    },
  },
];

/** /admin/xba/cso (admin layout): the bank's review of the companies' offers. */
export const couponAdminRoutes: RouteObject[] = [
  {
    path: COUPON_REVIEW_PATH,
    handle: { title: 'サービスオファー', breadcrumbs: [ADMIN_DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { CouponReviewPage } = await import('./review/coupon-review-page.tsx');
      return { element: <CouponReviewPage /> };
    },
  },
];
