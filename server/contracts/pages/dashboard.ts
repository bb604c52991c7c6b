import { definePages } from './page-list.ts';

/** The two areas' landing pages (client/src/features/dashboard). */
export const dashboardPages = {
  ...definePages('default', { company: '/mypage/dashboard' }),
  ...definePages('admin', { admin: '/admin/dashboard' }),
};
