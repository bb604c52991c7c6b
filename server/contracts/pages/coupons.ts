import { definePages } from './page-list.ts';

/** Service offers (client/src/features/coupons): the company's own, and the bank's review. */
export const couponsPages = {
  ...definePages('default', {
    offers: { path: '/mypage/setting/service/offer', rule: 'coupon_settings' },
    offerEdit: { path: '/mypage/setting/service/offer/edit/{id}', rule: 'coupon_settings' },
  }),
  ...definePages('admin', { review: '/admin/xba/cso' }),
};
