import type { CompanyUserType } from '#server/contracts/account-types.ts';
import { evaluateRule } from '#server/contracts/route-access.ts';
import { defineBadge } from '../badges/badge-registry.ts';
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
 * The unread news badge (unreadNews): for the account types above whose news page is open to them
 * (company_news_read, the page rule `news`), the count of news they have not opened — exactly
 * total_rows of GET /api/v1/news/search?only_unread=true (countUnreadNews, one count query). The
 * reader is worked out before the bank transaction opens, so reading the user never waits on it.
 */
export const unreadNewsBadge = defineBadge<CompanyViewer>({
  counter: 'unreadNews',
  async subjectOf(auth, request) {
    if (!(NEWS_BADGE_USER_TYPES as readonly string[]).includes(auth.user.userType)) return null;
    const reader = await request.viewer();
    if (reader.kind === 'visitor') return null;
    if (
      evaluateRule('news', { user: reader.user, features: request.tenant.config.features }).kind !== 'allow'
    )
      return null;
    const viewer = articleViewerOf(reader);
    return viewer.kind === 'company' ? viewer : null;
  },
  count: (tx, viewer) => countUnreadNews(tx, viewer, articleClockAt()),
});
