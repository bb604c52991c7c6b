import type { FastifyInstance } from 'fastify';
import { publicNewsDetailCall, publicNewsSearchCall } from '#server/contracts/news.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import { notFound } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import { articleObject } from './article-object.ts';
import {
  type ArticleReader,
  countCompanyArticles,
  findCompanyArticle,
  listCompanyArticles,
} from './company-queries.ts';
import { articleClockAt } from './article-clock.ts';

/**
 * Whoever opens the public pages is read as a visitor, logged in or not: the public /news pages
 * show what anyone may see (public news for every company), and they mark nothing read.
 */
const VISITOR: ArticleReader = { kind: 'visitor' };

/**
 * /api/v1/public/news: the bank's public news without login (/news and /news/detail/{id}): news
 * only, published, public and meant for every company, each bank's own (row-level security).
 */
export function servePublicNewsCalls(app: FastifyInstance): void {
  serveCall(app, publicNewsSearchCall, async ({ tx, query }) => {
    const clock = articleClockAt();
    const conditions = { category_code: query.category_code };
    const list = await listCompanyArticles(tx, 'news', VISITOR, { ...conditions, ...query }, clock);
    return pagedResult(list, await countCompanyArticles(tx, 'news', VISITOR, conditions, clock), query);
  });

  serveCall(
    app,
    publicNewsDetailCall,
    async ({ tx, params }) => {
      const article = await findCompanyArticle(tx, 'news', VISITOR, params.id, articleClockAt());
      if (!article) throw notFound();
      return article;
    },
    { object: articleObject('news') },
  );
}
