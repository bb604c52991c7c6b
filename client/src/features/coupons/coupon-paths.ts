/** The company's offers (server/contracts/pages/coupons.ts). */
export const COUPON_SETTING_PATH = '/mypage/setting/service/offer';
/** The bank's review desk. */
export const COUPON_REVIEW_PATH = '/admin/xba/cso';

/** The edit page's id of an offer not yet saved. */
export const NEW_COUPON_ID = 'new';
/** What an offer's code looks like in a path (hex digits, as the API's parameter takes them). */
export const COUPON_CODE_PATTERN = /^[0-9a-f]{1,32}$/;

/** An offer's edit page; `new` for one not yet saved. */
export function couponEditPath(code: string = NEW_COUPON_ID): string {
  return `${COUPON_SETTING_PATH}/edit/${encodeURIComponent(code)}`;
}
