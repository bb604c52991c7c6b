import { type PageList, pagesIn } from './page-list.ts';

/** A company user's own settings (client/src/features/settings), in the company layout. */
export const settingsPages: PageList = pagesIn('default', [
  '/mypage/setting/profile',
  '/mypage/setting/password',
]);
