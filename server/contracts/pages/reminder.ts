import { type PageList, pagesIn } from './page-list.ts';

/** The password reminder and its completion page (client/src/features/reminder). */
export const reminderPages: PageList = pagesIn('plain', ['/reminder', '/reminder/completed']);
