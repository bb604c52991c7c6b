import type { RouteObject } from 'react-router';

// SKELETON: replaced by the helper that owns features/news/company.
/** /mypage/news, column, seminar, pi and babank (default layout). */
export const companyNewsRoutes: RouteObject[] = [];
/** /news and /news/detail/{id}: the public news (plain layout, no login). */
export const publicNewsRoutes: RouteObject[] = [];
