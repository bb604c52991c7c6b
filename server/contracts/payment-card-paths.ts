/**
 * The card pages' paths (platform spec section 2; "complate" is the spec's spelling). Apart from
 * route-access.ts, which names them in the card rule, so the router's first chunk can register the
 * pages without loading the rule table.
 */
export const CARD_CREATE_PATH = '/mypage/payment/card/create';
export const CARD_COMPLETED_PATH = '/mypage/payment/card/complate';
