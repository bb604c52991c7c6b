import type { ArticleKind } from '#server/contracts/news.ts';
import { newsPages } from '#server/contracts/pages/news.ts';
import { type PageEntry, pagePath } from '#server/contracts/pages/page-list.ts';

/** The kinds with a list page in the company area (partner information has detail pages only). */
export type ListedArticleKind = Exclude<ArticleKind, 'partner_information'>;

/** Each kind's list in the company area. */
export const COMPANY_ARTICLE_LIST_PAGES: Record<ListedArticleKind, PageEntry> = {
  news: newsPages.list,
  column: newsPages.columns,
  seminar: newsPages.seminars,
};

/** The public news (plain layout, no login). */
export const PUBLIC_NEWS_PATH = newsPages.publicList.path;

export function publicNewsDetailPath(articleId: number): string {
  return pagePath(newsPages.publicDetail, { id: articleId });
}

/** The page titles of each kind's list and detail. */
export const ARTICLE_PAGE_TITLES: Record<ArticleKind, { list: string; detail: string }> = {
  news: { list: 'ニュース', detail: 'ニュース詳細' },
  column: { list: 'コラム', detail: 'コラム詳細' },
  seminar: { list: 'セミナー', detail: 'セミナー詳細' },
  partner_information: { list: 'パートナー情報', detail: 'パートナー情報' },
};

/** What an empty list says. */
export const EMPTY_LIST_MESSAGES: Record<ListedArticleKind, string> = {
  news: '該当するニュースはありません',
  column: '掲載中のコラムはありません',
  seminar: '開催予定のセミナーはありません',
};
/** What an empty list of unread items says. */
export const NOTHING_UNREAD_MESSAGES: Record<Exclude<ListedArticleKind, 'seminar'>, string> = {
  news: '未読のニュースはありません',
  column: '未読のコラムはありません',
};

/**
 * The id of a detail path (`/mypage/news/detail/12`), or undefined when it is not a positive whole
 * number: such a path names no item, so the page is the 404 page without asking the API.
 */
export function articleIdOf(param: string | undefined): number | undefined {
  if (param === undefined || !/^[1-9]\d{0,9}$/.test(param)) return undefined;
  const id = Number(param);
  return id <= 2147483647 ? id : undefined;
}

/** A list's page from the URL (`?page=3`); anything but a positive whole number is the first page. */
export function pageNumberOf(param: string | null): number {
  return param !== null && /^[1-9]\d{0,5}$/.test(param) ? Number(param) : 1;
}

/** Spec section 9: the rows options of the data lists (25, 50, 100, 500); the lists start at 25. */
export const LIST_ROWS_OPTIONS = [25, 50, 100, 500] as const;
export const LIST_DEFAULT_ROWS = LIST_ROWS_OPTIONS[0];

/** A list's row count from the URL (`?rows=50`): one of the options, else the default. */
export function rowsOf(param: string | null): number {
  const rows = Number(param);
  return (LIST_ROWS_OPTIONS as readonly number[]).includes(rows) ? rows : LIST_DEFAULT_ROWS;
}
