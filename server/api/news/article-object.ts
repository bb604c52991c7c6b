import type { RouteObjectRef } from '../../auth/request-auth.ts';
import type { ArticleKind } from '../../contracts/news.ts';

/** What `:id` names in the news calls: an article of that kind (the security walk reads it). */
export const articleObject = (kind: ArticleKind): RouteObjectRef => ({
  param: 'id',
  table: 'articles',
  column: 'article_id',
  where: `article_kind = '${kind}'`,
});
