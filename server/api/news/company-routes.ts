import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success, successEnvelope } from '../../contracts/envelope.ts';
import {
  ARTICLE_KIND_LABELS,
  type ArticleKind,
  companyArticleDetailSchema,
  companyArticleListSchema,
  companyArticleSearchQuerySchema,
  RECENT_ARTICLES_COUNT,
  recentArticlesSchema,
  SEMINAR_APPLICATION_WITHDRAWN_MESSAGE,
  SEMINAR_APPLIED_MESSAGE,
  seminarApplicationResultSchema,
} from '../../contracts/news.ts';
import { buildPagingData } from '../../contracts/paging.ts';
import type { RouteRuleId } from '../../contracts/route-access.ts';
import { notFound, unauthorized } from '../../errors.ts';
import {
  articleClockAt,
  countCompanyArticles,
  findCompanyArticle,
  listCompanyArticles,
  markArticleRead,
  recentCompanyArticles,
} from './company-queries.ts';
import { applyToSeminar, type CompanyViewer, withdrawFromSeminar } from './seminar-applications.ts';
import { articleViewerOf } from './visibility.ts';

/**
 * The page rule each kind's calls share with its pages (the permission of its menu entry).
 * Partner information has no permission of its own: any logged-in company user may read it.
 */
const KIND_RULES: Record<ArticleKind, RouteRuleId | undefined> = {
  news: 'news',
  column: 'column',
  seminar: 'seminar',
  partner_information: undefined,
};

/** An item's id in a path: a positive int4 (anything else can name no item). */
export const articleIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });

/** The company user asking. The route's access already refused everyone but company users. */
async function companyViewerOf(app: FastifyInstance, request: FastifyRequest): Promise<CompanyViewer> {
  const viewer = await articleViewerOf(request);
  // A company user whose account or company was disabled since the login reads as a visitor.
  if (viewer.kind !== 'company') throw unauthorized();
  return viewer;
}

/**
 * /api/v1/{segment} for one kind (news, column, seminar, pi): a company user's list, recent block
 * and detail, each showing only what visibleArticles lets this user see (another bank's item,
 * a private one or one outside its period or target is a 404 with no data). Reading a detail
 * marks it read. Seminars add applying and withdrawing.
 */
export const articleCompanyRoutes: FastifyPluginAsyncZod<{ kind: ArticleKind }> = async (app, { kind }) => {
  const label = ARTICLE_KIND_LABELS[kind];
  const config = { access: 'company' as const, rule: KIND_RULES[kind] };
  const tags = ['news'];

  app.get(
    '/search',
    {
      config,
      schema: {
        tags,
        summary: `${label}の一覧（企業）`,
        description:
          kind === 'seminar'
            ? '公開中のセミナーを、開催前のもの（upcoming、既定）は開催日の近い順に、upcoming=false ならすべてを開催日の新しい順に返します。各行に既読（is_read）を付けます。'
            : `公開中の${label}を公開開始日の新しい順に返します。各行に既読（is_read）を付け、only_unread=true なら未読だけを返します（total_rows が未読件数）。`,
        querystring: companyArticleSearchQuerySchema,
        response: { 200: successEnvelope(companyArticleListSchema) },
      },
    },
    async (request) => {
      const viewer = await companyViewerOf(app, request);
      const query = request.query;
      const clock = articleClockAt();
      const { list, totalRows } = await request.inBank(async (tx) => ({
        list: await listCompanyArticles(tx, kind, viewer, query, clock),
        totalRows: await countCompanyArticles(tx, kind, viewer, query, clock),
      }));
      return success({ list, paging_data: buildPagingData(totalRows, query.page, query.rows) });
    },
  );

  app.get(
    '/recent',
    {
      config,
      schema: {
        tags,
        summary: `最新の${label}（ダッシュボード）`,
        description:
          kind === 'seminar'
            ? `これから開催されるセミナーを開催日の近い順に${RECENT_ARTICLES_COUNT}件まで返します。`
            : `公開中の${label}を新しい順に${RECENT_ARTICLES_COUNT}件まで返します。`,
        response: { 200: successEnvelope(recentArticlesSchema) },
      },
    },
    async (request) => {
      const viewer = await companyViewerOf(app, request);
      const list = await request.inBank((tx) => recentCompanyArticles(tx, kind, viewer, articleClockAt()));
      return success({ list });
    },
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: `${label}の詳細（企業）`,
        description: `${label}の本文と添付ファイルを返し、このユーザーの既読にします。見られない記事（他行・非公開・公開期間外・対象外）は 404 です。${kind === 'seminar' ? '定員・残席・申込期限・申込済みかどうかと状態も返します。' : ''}`,
        params: articleIdParamsSchema,
        response: { 200: successEnvelope(companyArticleDetailSchema) },
      },
    },
    async (request) => {
      const viewer = await companyViewerOf(app, request);
      const article = await request.inBank(async (tx) => {
        const found = await findCompanyArticle(tx, kind, viewer, request.params.id, articleClockAt());
        if (found) await markArticleRead(tx, viewer.userId, found.article_id);
        return found;
      });
      if (!article) throw notFound();
      return success(article);
    },
  );

  if (kind !== 'seminar') return;

  // Applying and withdrawing: the same path, the same answer (the seminar as it stands after).
  const applicationCommands = [
    {
      method: 'POST',
      change: applyToSeminar,
      message: SEMINAR_APPLIED_MESSAGE,
      summary: 'セミナーへの申込み',
      description:
        '受付中のセミナーに申し込みます。満席・受付期間外（中止・申込期限後・開催後）・申込済みは 422 で、申込みは記録されません。定員を超えて受け付けることはありません。',
    },
    {
      method: 'DELETE',
      change: withdrawFromSeminar,
      message: SEMINAR_APPLICATION_WITHDRAWN_MESSAGE,
      summary: 'セミナーの申込み取消し',
      description:
        '申込期限まで（開催前）なら自分の申込みを取り消し、席を戻します。申し込んでいない・期限後は 422 です。',
    },
  ] as const;
  for (const command of applicationCommands)
    app.route({
      method: command.method,
      url: '/:id/apply',
      config,
      schema: {
        tags,
        summary: command.summary,
        description: command.description,
        params: articleIdParamsSchema,
        response: { 200: successEnvelope(seminarApplicationResultSchema) },
      },
      handler: async (request) => {
        const viewer = await companyViewerOf(app, request);
        const result = await request.inBank((tx) =>
          command.change(tx, viewer, request.params.id, articleClockAt()),
        );
        return success(result, command.message);
      },
    });
};
