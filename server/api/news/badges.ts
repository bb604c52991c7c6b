import type { FastifyRequest } from 'fastify';
import type { CompanyUserType } from '#server/contracts/account-types.ts';
import { evaluateRule } from '#server/contracts/route-access.ts';
import type { BadgeCounterDefinition } from '../badges/badge-registry.ts';
import { countUnreadNews } from './company-queries.ts';
import { articleClockAt } from './article-clock.ts';
import type { CompanyViewer } from './seminar-applications.ts';
import { articleViewerOf } from './visibility.ts';

/** Platform spec section 6: the news badge is shown to owner, user and partner owner (not employees). */
const NEWS_BADGE_USER_TYPES: readonly CompanyUserType[] = [
  'company_owner',
  'company_user',
  'partner_company_owner',
];

/**
 * The reader each badge request counts for, worked out by appliesTo (before the bank transaction
 * opens, so reading the user never waits on it) and used by count in the same request.
 */
const newsReaders = new WeakMap<FastifyRequest, CompanyViewer>();

/**
 * The unread news badge (unreadNews): for the account types above whose news page is open to them
 * (company_news_read, the page rule `news`), the count of news they have not opened — exactly
 * total_rows of GET /api/v1/news/search?only_unread=true (countUnreadNews, one count query).
 */
export const unreadNewsBadge: BadgeCounterDefinition = {
  counter: 'unreadNews',
  async appliesTo(auth, request) {
    if (!(NEWS_BADGE_USER_TYPES as readonly string[]).includes(auth.user.userType)) return false;
    const reader = await request.viewer();
    if (reader.kind === 'visitor') return false;
    if (
      evaluateRule('news', { user: reader.user, features: request.tenant.config.features }).kind !== 'allow'
    )
      return false;
    const viewer = articleViewerOf(reader);
    if (viewer.kind !== 'company') return false;
    newsReaders.set(request, viewer);
    return true;
  },
  async count(tx, _auth, request) {
    const viewer = newsReaders.get(request);
    return viewer ? countUnreadNews(tx, viewer, articleClockAt()) : 0;
  },
};
