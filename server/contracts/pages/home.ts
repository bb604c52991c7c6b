import type { PageList } from './page-list.ts';

/** The top page (client/src/features/home). */
export const homePages: PageList = [{ path: '/', layout: 'plain' }];
