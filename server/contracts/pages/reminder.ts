import { type PageList, pagesIn } from './page-list.ts';

/** The password reminder, its completion page and the portal member's account enabling (client/src/features/reminder). */
export const reminderPages: PageList = [
  ...pagesIn('plain', ['/reminder', '/reminder/completed']),
  // A portal member's first password, from the approval mail.
  ...pagesIn('register', ['/register/portal/enable', '/register/portal/enabled']),
];
