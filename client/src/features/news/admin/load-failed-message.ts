import { type ArticleKind, NEWS_FETCH_FAILED_MESSAGE } from '#server/contracts/news.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';

/**
 * What a kind's page says when its data did not load (spec section 8): ニュースの取得に失敗しました。
 * for the news, データ取得に失敗しました for the others.
 */
export function loadFailedMessageOf(kind: ArticleKind): string {
  return kind === 'news' ? NEWS_FETCH_FAILED_MESSAGE : LOAD_FAILED_MESSAGE;
}
