import { companyMemberOf } from '#server/plugins/request-context.ts';
import type { CompanyUserType } from '#server/contracts/account-types.ts';
import { evaluateRule } from '#server/contracts/route-access.ts';
import { defineBadge } from '../badges/badge-registry.ts';
import { countUnrepliedDeals } from './deal-queries.ts';
import type { NeedReader } from './need-search-queries.ts';

/** Platform spec section 6: the matching badge is shown to owner, user and partner owner. */
const MATCHING_BADGE_USER_TYPES: readonly CompanyUserType[] = [
  'company_owner',
  'company_user',
  'partner_company_owner',
];

/**
 * The unanswered-matching badge (unrepliedMatching): for the account types above whose deal pages
 * are open to them (company_matching_read), the sum of the company's per-deal unreplied counts —
 * what POST /api/v1/cmi/search with only_unread lists (countUnrepliedDeals: two index lookups).
 */
export const unrepliedMatchingBadge = defineBadge<NeedReader>({
  counter: 'unrepliedMatching',
  async subjectOf(auth, request) {
    if (!(MATCHING_BADGE_USER_TYPES as readonly string[]).includes(auth.user.userType)) return null;
    const member = companyMemberOf(await request.viewer());
    if (!member) return null;
    if (
      evaluateRule('matching_read', { user: member.user, features: request.tenant.config.features }).kind !==
      'allow'
    )
      return null;
    return { bankCode: request.tenant.code, companyId: member.companyId };
  },
  count: (tx, reader) => countUnrepliedDeals(tx, reader),
});
