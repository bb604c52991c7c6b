import { type PageList, pagesIn } from './page-list.ts';

/** Acting as another user of the bank (client/src/features/user). */
export const userPages: PageList = pagesIn('admin', ['/admin/company/user']);
