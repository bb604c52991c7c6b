import type { FastifyInstance } from 'fastify';
import { ARTICLE_KINDS, type ArticleKind } from '#server/contracts/news.ts';
import {
  type AdminArticleConditions,
  STAFF_DASHBOARD_ROWS_PER_KIND,
  staffArticleDashboardCall,
} from '#server/contracts/news-staff.ts';
import { PUBLICATION_END_WARNING_DAYS, japanDateString, DAY_MS } from '#server/contracts/japan-day.ts';
import { serveCall } from '#server/api/kit/serve-call.ts';
import { searchStaffArticles } from './admin-queries.ts';
import { articleClockAt } from './article-clock.ts';

/**
 * GET /api/v1/admin/article_dashboard: the staff dashboard's article blocks in one call and one
 * transaction, each kind read by the staff search itself (searchStaffArticles: the same visibility
 * rules as the lists), where the dashboard used to make nine searches.
 */
export function serveStaffArticleDashboard(app: FastifyInstance): void {
  serveCall(app, staffArticleDashboardCall, async ({ tx, viewer }) => {
    const clock = articleClockAt();
    const search = async (kinds: readonly ArticleKind[], conditions: AdminArticleConditions) => {
      const lists = [];
      for (const kind of kinds) {
        const { list } = await searchStaffArticles(
          tx,
          kind,
          viewer,
          { conditions, page: 1, rows: STAFF_DASHBOARD_ROWS_PER_KIND },
          clock,
        );
        lists.push(...list);
      }
      return lists;
    };
    const endingBy = japanDateString(new Date(clock.now.getTime() + PUBLICATION_END_WARNING_DAYS * DAY_MS));
    return {
      ending_soon: await search(ARTICLE_KINDS, { status: 'published', publish_end_to: endingBy }),
      upcoming_seminars: await search(['seminar'], { upcoming: true }),
      recently_updated: await search(ARTICLE_KINDS, {}),
    };
  });
}
