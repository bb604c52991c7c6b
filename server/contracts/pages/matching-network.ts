import { type PageList, pagesIn } from './page-list.ts';

/** Business matching's further pages: favourites, company pages, campaigns, agent, agreement, desk. */
export const matchingNetworkPages: PageList = [
  ...pagesIn('default', [
    '/mypage/matching/favca',
    '/mypage/matching/company/{company_unique_code}',
    '/mypage/matching/campaign',
    '/mypage/matching/agent',
    '/mypage/mybusiness/needs/offer/{id}',
  ]),
  ...pagesIn('plain', ['/ncba/bm/agreement/{unique_code}']),
  ...pagesIn('admin', [
    '/admin/ncba/bm',
    '/admin/matching/campaign',
    '/admin/matching/campaign/edit/{id}',
    '/admin/matching/agent',
    '/admin/company/needs/ai',
  ]),
];
