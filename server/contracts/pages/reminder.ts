import { definePages } from './page-list.ts';

/** The password reminder, its completion page and the portal member's account enabling (client/src/features/reminder). */
export const reminderPages = {
  ...definePages('plain', { reminder: '/reminder', completed: '/reminder/completed' }),
  // A portal member's first password, from the approval mail.
  ...definePages('register', { enable: '/register/portal/enable', enabled: '/register/portal/enabled' }),
};
