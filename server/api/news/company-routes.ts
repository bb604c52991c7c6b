import type { FastifyInstance } from 'fastify';
import {
  type ArticleKind,
  applyToSeminarCall,
  companyArticleCalls,
  SEMINAR_APPLICATION_WITHDRAWN_MESSAGE,
  SEMINAR_APPLIED_MESSAGE,
  withdrawFromSeminarCall,
} from '#server/contracts/news.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import { notFound } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import { articleObject } from './article-object.ts';
import {
  countCompanyArticles,
  findCompanyArticle,
  listCompanyArticles,
  markArticleRead,
  recentCompanyArticles,
} from './company-queries.ts';
import { articleClockAt } from './article-clock.ts';
import { applyToSeminar, withdrawFromSeminar } from './seminar-applications.ts';
import { companyReaderOf } from './visibility.ts';

/**
 * /api/v1/{segment} for one kind (news, column, seminar, pi): a company user's list, recent block
 * and detail, each showing only what visibleArticles lets this user see (another bank's item,
 * a private one or one outside its period or target is a 404 with no data). Reading a detail
 * marks it read. Seminars add applying and withdrawing.
 */
export function serveCompanyArticleCalls(app: FastifyInstance, kind: ArticleKind): void {
  const calls = companyArticleCalls[kind];

  serveCall(app, calls.search, async ({ tx, viewer, query }) => {
    const reader = companyReaderOf(viewer);
    const clock = articleClockAt();
    const list = await listCompanyArticles(tx, kind, reader, query, clock);
    return pagedResult(list, await countCompanyArticles(tx, kind, reader, query, clock), query);
  });

  serveCall(app, calls.recent, async ({ tx, viewer }) => ({
    list: await recentCompanyArticles(tx, kind, companyReaderOf(viewer), articleClockAt()),
  }));

  serveCall(
    app,
    calls.detail,
    async ({ tx, viewer, params }) => {
      const reader = companyReaderOf(viewer);
      const found = await findCompanyArticle(tx, kind, reader, params.id, articleClockAt());
      if (!found) throw notFound();
      await markArticleRead(tx, reader.userId, found.article_id);
      return found;
    },
    { object: articleObject(kind) },
  );

  if (kind !== 'seminar') return;
  serveCall(
    app,
    applyToSeminarCall,
    async ({ tx, viewer, params }) =>
      applyToSeminar(tx, companyReaderOf(viewer), params.id, articleClockAt()),
    { message: SEMINAR_APPLIED_MESSAGE, audit: { action: 'CREATE' }, object: articleObject('seminar') },
  );
  serveCall(
    app,
    withdrawFromSeminarCall,
    async ({ tx, viewer, params }) =>
      withdrawFromSeminar(tx, companyReaderOf(viewer), params.id, articleClockAt()),
    {
      message: SEMINAR_APPLICATION_WITHDRAWN_MESSAGE,
      audit: { action: 'DELETE' },
      object: articleObject('seminar'),
    },
  );
}
