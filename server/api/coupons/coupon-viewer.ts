import { SERVICE_OFFER_SEARCH_PERMISSION } from '#server/contracts/service-offer.ts';
import { type CompanyViewer, holdsPermissions } from '#server/plugins/request-context.ts';

/** Whether the user may read the benefits (company_coupon_read): the published offers and their images. */
export function readsPublishedOffers(viewer: CompanyViewer): boolean {
  return holdsPermissions(viewer, [SERVICE_OFFER_SEARCH_PERMISSION]);
}
