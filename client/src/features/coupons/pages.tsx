import { couponsPages } from '#server/contracts/pages/coupons.ts';
import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

const COMPANY_DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.company.path };
const ADMIN_DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.admin.path };
const LIST_TITLE = 'クーポン登録';

/** /mypage/setting/service/offer and its edit page (company layout), each its own chunk. */
export const couponSettingRoutes = [
  pageRoute(couponsPages.offers, {
    handle: { title: LIST_TITLE, breadcrumbs: [COMPANY_DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { CouponSettingListPage } = await import('./setting/coupon-setting-list-page.tsx');
      return { element: <CouponSettingListPage /> };
    },
  }),
  // edit/new: an offer not yet saved (NEW_COUPON_ID); else an offer's code.
  pageRoute(couponsPages.offerEdit, {
    handle: {
      title: 'クーポンの編集',
      breadcrumbs: [COMPANY_DASHBOARD, { label: LIST_TITLE, to: couponsPages.offers.path }],
    } satisfies PageHandle,
    lazy: async () => {
      const { CouponEditPage } = await import('./setting/coupon-edit-page.tsx');
      return { element: <CouponEditPage /> };
    },
  }),
];

/** /admin/xba/cso (admin layout): the bank's review of the companies' offers. */
export const couponAdminRoutes = [
  pageRoute(couponsPages.review, {
    handle: { title: 'サービスオファー', breadcrumbs: [ADMIN_DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { CouponReviewPage } = await import('./review/coupon-review-page.tsx');
      return { element: <CouponReviewPage /> };
    },
  }),
];
