import type { RouteObjectRef } from '#server/auth/request-auth.ts';
import type { ArticleKind } from '#server/contracts/news.ts';

/** What `:id` names in the news calls: an article of that kind (the security walk reads it). */
export const articleObject = (kind: ArticleKind): RouteObjectRef => ({
  param: 'id',
  table: 'articles',
  column: 'article_id',
  where: `article_kind = '${kind}'`,
});
