import type { ArticleKind } from '../news-public.ts';
import { definePages, type PageEntry } from './page-list.ts';

/** News, columns, seminars, partner information and partner banks (client/src/features/news). */
export const newsPages = {
  ...definePages('plain', { publicList: '/news', publicDetail: '/news/detail/{id}' }),
  ...definePages('default', {
    list: { path: '/mypage/news', rule: 'news' },
    category: { path: '/mypage/news/{id}', rule: 'news' },
    detail: { path: '/mypage/news/detail/{id}', rule: 'news' },
    columns: { path: '/mypage/column', rule: 'column' },
    column: { path: '/mypage/column/detail/{id}', rule: 'column' },
    seminars: { path: '/mypage/seminar', rule: 'seminar' },
    seminar: { path: '/mypage/seminar/detail/{id}', rule: 'seminar' },
    partnerInformation: '/mypage/pi/detail/{id}',
    partnerBanks: { path: '/mypage/babank', rule: 'babank' },
  }),
};

/** The staff's three pages of each kind (admin spec section 2): its list, a new item, an item. */
export const adminArticlePages = {
  news: definePages('admin', {
    list: '/admin/news',
    create: '/admin/news/create',
    detail: '/admin/news/detail/{articleId}',
  }),
  column: definePages('admin', {
    list: '/admin/xba/column',
    create: '/admin/xba/column/create',
    detail: '/admin/xba/column/detail/{articleId}',
  }),
  seminar: definePages('admin', {
    list: '/admin/xba/seminar',
    create: '/admin/xba/seminar/create',
    detail: '/admin/xba/seminar/detail/{articleId}',
  }),
  partner_information: definePages('admin', {
    list: '/admin/xba/pi',
    create: '/admin/xba/pi/create',
    detail: '/admin/xba/pi/detail/{articleId}',
  }),
} satisfies Record<ArticleKind, Record<'list' | 'create' | 'detail', PageEntry>>;
