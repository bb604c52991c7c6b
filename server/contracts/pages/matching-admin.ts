import { type PageList, pagesIn } from './page-list.ts';

/**
 * Business matching's staff pages (client/src/features/matching/admin-pages.tsx): the needs and the
 * deals of the bank's companies, and the matching analysis.
 */
export const matchingAdminPages: PageList = pagesIn('admin', [
  '/admin/company/needs',
  '/admin/company/needs/detail/{id}',
  '/admin/company/matching',
  '/admin/company/matching/detail/{id}',
  '/admin/xba/analyse',
]);
