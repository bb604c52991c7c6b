import { hasAllPermissions } from '#server/contracts/account-types.ts';
import { SERVICE_OFFER_SEARCH_PERMISSION } from '#server/contracts/service-offer.ts';
import { forbidden, notFound } from '#server/errors.ts';
import type { CompanyViewer } from '#server/plugins/request-context.ts';

/**
 * The company whose offers the logged-in user works on: always their own (no call takes a company's
 * id). A user without one (its row gone) has no offers: 404.
 */
export function companyOfViewer(viewer: CompanyViewer): { companyId: number } {
  if (viewer.companyId === null) throw notFound();
  return { companyId: viewer.companyId };
}

/** Whether the user may read the benefits (company_coupon_read): the published offers and their images. */
export function readsPublishedOffers(viewer: CompanyViewer): boolean {
  const { user } = viewer;
  return hasAllPermissions(
    { isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions },
    [SERVICE_OFFER_SEARCH_PERMISSION],
  );
}

/** The published offers are for the users allowed to read the benefits (company_coupon_read): else 403. */
export function requireOfferReader(viewer: CompanyViewer): { companyId: number } {
  if (!readsPublishedOffers(viewer)) throw forbidden();
  return companyOfViewer(viewer);
}
