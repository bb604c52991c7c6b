import { type PageList, pagesIn } from './page-list.ts';

/** Service offers (client/src/features/coupons): the company's own, and the bank's review. */
export const couponsPages: PageList = [
  ...pagesIn('default', ['/mypage/setting/service/offer', '/mypage/setting/service/offer/edit/{id}']),
  ...pagesIn('admin', ['/admin/xba/cso']),
];
