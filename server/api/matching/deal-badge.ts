import type { FastifyRequest } from 'fastify';
import type { CompanyUserType } from '#server/contracts/account-types.ts';
import { evaluateRule } from '#server/contracts/route-access.ts';
import type { BadgeCounterDefinition } from '../badges/badge-registry.ts';
import { countUnrepliedDeals } from './deal-queries.ts';
import type { NeedReader } from './need-search-queries.ts';

/** Platform spec section 6: the matching badge is shown to owner, user and partner owner. */
const MATCHING_BADGE_USER_TYPES: readonly CompanyUserType[] = [
  'company_owner',
  'company_user',
  'partner_company_owner',
];

/** The company each badge request counts for, worked out by appliesTo and used by count. */
const readers = new WeakMap<FastifyRequest, NeedReader>();

/**
 * The unanswered-matching badge (unrepliedMatching): for the account types above whose deal pages
 * are open to them (company_matching_read), the sum of the company's per-deal unreplied counts —
 * what POST /api/v1/cmi/search with only_unread lists (countUnrepliedDeals: two index lookups).
 */
export const unrepliedMatchingBadge: BadgeCounterDefinition = {
  counter: 'unrepliedMatching',
  async appliesTo(auth, request) {
    if (!(MATCHING_BADGE_USER_TYPES as readonly string[]).includes(auth.user.userType)) return false;
    const viewer = await request.viewer();
    if (viewer.kind !== 'company' || viewer.companyId === null) return false;
    if (
      evaluateRule('matching_read', { user: viewer.user, features: request.tenant.config.features }).kind !==
      'allow'
    )
      return false;
    readers.set(request, { bankCode: request.tenant.code, companyId: viewer.companyId });
    return true;
  },
  async count(tx, _auth, request) {
    const reader = readers.get(request);
    return reader ? countUnrepliedDeals(tx, reader) : 0;
  },
};
