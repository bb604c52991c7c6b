import { definePages } from './page-list.ts';

/** Business matching (client/src/features/matching): the company's needs, the search and the deals. */
export const matchingPages = definePages('default', {
  needs: { path: '/mypage/mybusiness/needs', rule: 'my_needs' },
  needCreate: { path: '/mypage/mybusiness/needs/create', rule: 'my_needs' },
  need: { path: '/mypage/mybusiness/needs/{id}', rule: 'my_needs' },
  search: { path: '/mypage/matching/search', rule: 'matching_search' },
  searchDetail: { path: '/mypage/matching/search/detail/{ca_unique_code}', rule: 'matching_search' },
  history: { path: '/mypage/matching/history', rule: 'matching_read' },
  historyDetail: { path: '/mypage/matching/history/detail/{id}', rule: 'matching_read' },
  received: { path: '/mypage/matching/received_history', rule: 'matching_received' },
  receivedDetail: { path: '/mypage/matching/received_history/detail/{id}', rule: 'matching_received' },
});
