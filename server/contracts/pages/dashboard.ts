import { type PageList, pagesIn } from './page-list.ts';

/** The two areas' landing pages (client/src/features/dashboard). */
export const dashboardPages: PageList = [
  ...pagesIn('default', ['/mypage/dashboard']),
  ...pagesIn('admin', ['/admin/dashboard']),
];
