import type { ArticleKind } from '#server/contracts/news.ts';
import { adminArticlePages } from '#server/contracts/pages/news.ts';
import { pagePath } from '#server/contracts/pages/page-list.ts';

// The router's module: only types of the contract here, so its schemas stay out of the first
// visit's script (the pages import the contract themselves, in their own chunks).

/** Admin spec section 2: /admin/news, and /admin/xba/{column,seminar,pi}. */
export const ARTICLE_LIST_PATHS: Record<ArticleKind, string> = {
  news: adminArticlePages.news.list.path,
  column: adminArticlePages.column.list.path,
  seminar: adminArticlePages.seminar.list.path,
  partner_information: adminArticlePages.partner_information.list.path,
};

/** Each kind's name on its pages (the contract's ARTICLE_KIND_LABELS, kept here for the router's sake). */
export const ARTICLE_PAGE_LABELS: Record<ArticleKind, string> = {
  news: 'ニュース',
  column: 'コラム',
  seminar: 'セミナー',
  partner_information: 'パートナー情報',
};

export function articleCreatePath(kind: ArticleKind): string {
  return adminArticlePages[kind].create.path;
}

/** An item's page: its edit form, or its read-only view for staff who may not change it. */
export function articleDetailPath(kind: ArticleKind, articleId: number): string {
  return pagePath(adminArticlePages[kind].detail, { articleId });
}
