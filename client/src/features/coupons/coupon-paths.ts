import { couponsPages } from '#server/contracts/pages/coupons.ts';
import { pagePath } from '#server/contracts/pages/page-list.ts';

/** The company's offers. */
export const COUPON_SETTING_PATH = couponsPages.offers.path;

/** The edit page's id of an offer not yet saved. */
export const NEW_COUPON_ID = 'new';
/** What an offer's code looks like in a path (hex digits, as the API's parameter takes them). */
export const COUPON_CODE_PATTERN = /^[0-9a-f]{1,32}$/;

/** An offer's edit page; `new` for one not yet saved. */
export function couponEditPath(code: string = NEW_COUPON_ID): string {
  return pagePath(couponsPages.offerEdit, { id: code });
}
