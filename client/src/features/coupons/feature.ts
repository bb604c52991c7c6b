import { defineClientDomain } from '#client/lib/client-domain.ts';
import { couponAdminRoutes, couponSettingRoutes } from './pages.tsx';

/** Service offers (coupons): the company's own under /mypage/setting/service/offer, the bank's review. */
export const couponsDomain = defineClientDomain({
  name: 'coupons',
  routes: [...couponSettingRoutes, ...couponAdminRoutes],
});
