import { type PageList, pagesIn } from './page-list.ts';

/**
 * A company's homepage (client/src/features/websites): its editor, and the public page (empty
 * layout: the company's page alone, without the portal's app bar; decision 0089).
 */
export const websitesPages: PageList = [
  ...pagesIn('default', ['/mypage/setting/website']),
  ...pagesIn('empty', ['/hp/{id}']),
];
