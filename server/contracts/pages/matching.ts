import { type PageList, pagesIn } from './page-list.ts';

/** Business matching (client/src/features/matching): the company's needs, the search and the deals. */
export const matchingPages: PageList = pagesIn('default', [
  '/mypage/mybusiness/needs',
  '/mypage/mybusiness/needs/create',
  '/mypage/mybusiness/needs/{id}',
  '/mypage/matching/search',
  '/mypage/matching/search/detail/{ca_unique_code}',
  '/mypage/matching/history',
  '/mypage/matching/history/detail/{id}',
  '/mypage/matching/received_history',
  '/mypage/matching/received_history/detail/{id}',
]);
