import { defineServerDomain } from '../kit/server-domain.ts';
import { seedCouponsDomain } from './coupon-demo-offers.ts';
import { couponCompanyFigures } from './coupon-figures.ts';
import { couponRoutes } from './coupon-routes.ts';

/**
 * Service offers (cso, coupons; issue 16 item 8): a company offers its services to the bank's other
 * companies (/mypage/setting/service/offer), the bank reviews them (/admin/xba/cso), and
 * GET /api/v1/cso/search lists the published ones to the bank's companies.
 */
export const couponsDomain = defineServerDomain({
  name: 'coupons',
  routes: couponRoutes,
  seed: seedCouponsDomain,
  companyFigures: couponCompanyFigures,
});
