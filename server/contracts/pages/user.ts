import { definePages } from './page-list.ts';

/** Acting as another user of the bank (client/src/features/user). */
export const userPages = definePages('admin', {
  switch: { path: '/admin/company/user', rule: 'user_switch' },
});
