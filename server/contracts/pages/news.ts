import { type PageList, pagesIn } from './page-list.ts';

/** News, columns, seminars, partner information and partner banks (client/src/features/news). */
export const newsPages: PageList = [
  ...pagesIn('plain', ['/news', '/news/detail/{id}']),
  ...pagesIn('default', [
    '/mypage/news',
    '/mypage/news/{id}',
    '/mypage/news/detail/{id}',
    '/mypage/column',
    '/mypage/column/detail/{id}',
    '/mypage/seminar',
    '/mypage/seminar/detail/{id}',
    '/mypage/pi/detail/{id}',
    '/mypage/babank',
  ]),
  ...(['/admin/news', '/admin/xba/column', '/admin/xba/seminar', '/admin/xba/pi'] as const).flatMap((list) =>
    pagesIn('admin', [list, `${list}/create`, `${list}/detail/{articleId}`]),
  ),
];
