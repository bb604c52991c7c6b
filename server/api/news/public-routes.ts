import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { success, successEnvelope } from '../../contracts/envelope.ts';
import {
  companyArticleDetailSchema,
  companyArticleListSchema,
  publicNewsSearchQuerySchema,
} from '../../contracts/news.ts';
import { buildPagingData } from '../../contracts/paging.ts';
import { notFound } from '../../errors.ts';
import { articleIdParamsSchema } from './company-routes.ts';
import {
  type ArticleReader,
  articleClockAt,
  countCompanyArticles,
  findCompanyArticle,
  listCompanyArticles,
} from './company-queries.ts';

/**
 * Whoever opens the public pages is read as a visitor, logged in or not: the public /news pages
 * show what anyone may see (public news for every company), and they mark nothing read.
 */
const VISITOR: ArticleReader = { kind: 'visitor' };

/**
 * /api/v1/public/news: the bank's public news without login (/news and /news/detail/{id}): news
 * only, published, public and meant for every company, each bank's own (row-level security).
 */
export const publicNewsRoutes: FastifyPluginAsyncZod<Record<never, never>> = async (app) => {
  const tags = ['news'];

  app.get(
    '/search',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '公開ニュースの一覧',
        description:
          'ログインなしで見られるニュース（公開中・すべての企業向け）を公開開始日の新しい順に返します。カテゴリで絞り込めます。',
        querystring: publicNewsSearchQuerySchema,
        response: { 200: successEnvelope(companyArticleListSchema) },
      },
    },
    async (request) => {
      const { rows, page, category_code } = request.query;
      const conditions = { category_code };
      const clock = articleClockAt();
      const { list, totalRows } = await request.inBank(async (tx) => ({
        list: await listCompanyArticles(tx, 'news', VISITOR, { ...conditions, rows, page }, clock),
        totalRows: await countCompanyArticles(tx, 'news', VISITOR, conditions, clock),
      }));
      return success({ list, paging_data: buildPagingData(totalRows, page, rows) });
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '公開ニュースの詳細',
        description:
          'ログインなしで見られるニュースの本文と添付ファイルを返します。それ以外（他行・非公開・公開期間外・対象を限った記事・ニュース以外）は 404 です。',
        params: articleIdParamsSchema,
        response: { 200: successEnvelope(companyArticleDetailSchema) },
      },
    },
    async (request) => {
      const article = await request.inBank((tx) =>
        findCompanyArticle(tx, 'news', VISITOR, request.params.id, articleClockAt()),
      );
      if (!article) throw notFound();
      return success(article);
    },
  );
};
