import { matchRoutes as reactRouterMatchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchRoutes } from '#client/lib/router/route-matching.ts';

// The own router's matching beside React Router's on the same tables, while the app still has
// React Router: this file goes when react-router leaves package.json (first-visit-router.md step 5).

const ROUTES: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    children: [
      {
        id: 'boundary',
        children: [
          {
            id: 'layout-plain',
            children: [
              { id: 'home', index: true },
              { id: 'news', path: '/news' },
              { id: 'news-detail', path: '/news/detail/:id' },
              { id: 'news-new', path: '/news/detail/new' },
              { id: 'website', path: '/website/:id' },
              { id: 'terms', path: 'terms/:kind' },
            ],
          },
          {
            id: 'layout-default',
            children: [
              { id: 'dashboard', path: '/mypage/dashboard' },
              { id: 'mypage', path: '/mypage' },
              {
                id: 'matching',
                path: '/mypage/matching',
                children: [
                  { id: 'matching-index', index: true },
                  { id: 'matching-detail', path: 'detail/:code' },
                  { id: 'matching-files', path: 'files/*' },
                ],
              },
              { id: 'not-found-/mypage', path: '/mypage/*' },
              { id: 'not-found-/chat', path: '/chat/*' },
            ],
          },
          {
            id: 'layout-admin',
            children: [
              { id: 'admin', path: '/admin' },
              { id: 'admin-404', path: '/admin/*' },
            ],
          },
          { id: 'not-found', path: '*' },
        ],
      },
    ],
  },
];

const PATHS = [
  '/',
  '/news',
  '/news/',
  '/NEWS',
  '/news/detail/12',
  '/news/detail/new',
  '/news/detail/new/x',
  '/news/detail/%E3%81%82',
  '/website/abc',
  '/terms/privacy',
  '/mypage',
  '/mypage/dashboard',
  '/mypage/matching',
  '/mypage/matching/detail/x1',
  '/mypage/matching/files/a/b.pdf',
  '/mypage/matching/files',
  '/mypage/unknown/deep',
  '/chat',
  '/chat/rooms/3',
  '/admin',
  '/admin/company/detail/1',
  '/nothing',
  '/a/b/c',
];

const summary = (
  matches: ReadonlyArray<{ route: { id?: string }; params: object; pathnameBase: string }> | null,
) =>
  matches?.map(({ route, params, pathnameBase }) => ({
    id: route.id,
    params: { ...params },
    pathnameBase,
  })) ?? null;

describe('the own matching beside React Router 8’s', () => {
  it.each(PATHS)('matches %s as React Router does', (path) => {
    expect(summary(matchRoutes(ROUTES, path))).toEqual(summary(reactRouterMatchRoutes(ROUTES, path)));
  });
});
