import { type PageList, pagesIn } from './page-list.ts';

/** The public inquiry form and its thank-you page (client/src/features/inquiry). */
export const inquiryPages: PageList = pagesIn('plain', ['/inquiry', '/inquiry/completed']);
