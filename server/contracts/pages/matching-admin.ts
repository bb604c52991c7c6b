import { definePages } from './page-list.ts';

/**
 * Business matching's staff pages (client/src/features/matching/admin-pages.tsx): the needs and the
 * deals of the bank's companies, and the matching analysis.
 */
export const matchingAdminPages = definePages('admin', {
  needs: '/admin/company/needs',
  need: '/admin/company/needs/detail/{id}',
  deals: '/admin/company/matching',
  deal: '/admin/company/matching/detail/{id}',
  analysis: '/admin/xba/analyse',
});
