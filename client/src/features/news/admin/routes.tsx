import type { RouteObject } from 'react-router';

// SKELETON: replaced by the helper that owns features/news/admin.
/** /admin/news and /admin/xba/{column,seminar,pi}: the staff's pages (admin layout). */
export const adminNewsRoutes: RouteObject[] = [];
