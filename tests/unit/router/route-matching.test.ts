import { describe, expect, it } from 'vitest';
import {
  type MatchableRoute,
  matchRankedBranches,
  matchRoutes,
  patternOf,
  rankRouteBranches,
} from '#client/lib/router/route-matching.ts';

interface TestRoute extends MatchableRoute {
  id: string;
  children?: TestRoute[];
}

/** The id of the route a path ends at, or null. */
const leafOf = (routes: readonly TestRoute[], path: string) =>
  matchRoutes(routes, path)?.at(-1)?.route.id ?? null;

/** The app's shape (client/src/app/router.tsx): a root, a pathless boundary, pathless layouts, 404s. */
function appRoutes(): TestRoute[] {
  return [
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
                { id: 'news-list', path: '/news' },
                { id: 'news-detail', path: '/news/detail/:id' },
              ],
            },
            {
              id: 'layout-default',
              children: [
                { id: 'dashboard', path: '/mypage/dashboard' },
                { id: 'mypage', path: '/mypage' },
                { id: 'not-found-/mypage', path: '/mypage/*' },
              ],
            },
            { id: 'not-found', path: '*' },
          ],
        },
      ],
    },
  ];
}

describe('route ranking (React Router 8)', () => {
  it('prefers a static segment to a dynamic one, and a dynamic one to a splat', () => {
    const routes: TestRoute[] = [
      { id: 'splat', path: '/news/*' },
      { id: 'dynamic', path: '/news/:id' },
      { id: 'static', path: '/news/new' },
    ];
    expect(leafOf(routes, '/news/new')).toBe('static');
    expect(leafOf(routes, '/news/42')).toBe('dynamic');
    expect(leafOf(routes, '/news/42/comments')).toBe('splat');
    expect(leafOf(routes, '/news')).toBe('splat');
  });

  it('ends a parent path at its index route', () => {
    const routes: TestRoute[] = [
      {
        id: 'news',
        path: 'news',
        children: [
          { id: 'news-index', index: true },
          { id: 'news-item', path: ':id' },
        ],
      },
    ];
    expect(matchRoutes(routes, '/news')?.map((match) => match.route.id)).toEqual(['news', 'news-index']);
    expect(leafOf(routes, '/news/7')).toBe('news-item');
  });

  it('gives the deeper, more specific path the win over a 404 splat beside it', () => {
    const routes = appRoutes();
    expect(leafOf(routes, '/')).toBe('home');
    expect(leafOf(routes, '/mypage')).toBe('mypage');
    expect(leafOf(routes, '/mypage/dashboard')).toBe('dashboard');
    expect(leafOf(routes, '/mypage/nothing/here')).toBe('not-found-/mypage');
    expect(leafOf(routes, '/nothing')).toBe('not-found');
    expect(matchRoutes(routes, '/news/detail/3')?.map((match) => match.route.id)).toEqual([
      'root',
      'boundary',
      'layout-plain',
      'news-detail',
    ]);
  });

  it('ranks children added later with their siblings', () => {
    const routes = appRoutes();
    expect(leafOf(routes, '/mypage/seminar')).toBe('not-found-/mypage');
    routes[0]!.children![0]!.children![1]!.children!.push({ id: 'seminar', path: '/mypage/seminar' });
    expect(leafOf(routes, '/mypage/seminar')).toBe('seminar');
    expect(leafOf(routes, '/mypage/seminar/1')).toBe('not-found-/mypage');
  });

  it('keeps the order of siblings with equal scores', () => {
    const routes: TestRoute[] = [
      { id: 'first', path: '/a/:x' },
      { id: 'second', path: '/a/:y' },
    ];
    expect(leafOf(routes, '/a/1')).toBe('first');
    expect(rankRouteBranches(routes).map((branch) => branch.routes.at(-1)!.route.id)).toEqual([
      'first',
      'second',
    ]);
  });

  it('reads absolute child paths below their parent, and refuses one outside it', () => {
    const routes: TestRoute[] = [
      { id: 'admin', path: '/admin', children: [{ id: 'list', path: '/admin/list' }] },
    ];
    expect(leafOf(routes, '/admin/list')).toBe('list');
    expect(() => rankRouteBranches([{ id: 'a', path: '/a', children: [{ id: 'b', path: '/b' }] }])).toThrow(
      /not valid/,
    );
  });

  it('matches static segments whatever their case, and ignores a trailing slash', () => {
    const routes: TestRoute[] = [{ id: 'news', path: '/news/list' }];
    expect(leafOf(routes, '/News/LIST')).toBe('news');
    expect(leafOf(routes, '/news/list/')).toBe('news');
    expect(leafOf(routes, '/news/list/more')).toBeNull();
  });

  it('answers null when no route matches', () => {
    expect(matchRoutes([{ id: 'a', path: '/a' }], '/b')).toBeNull();
  });

  it('skips a pathless route with no children (a lazy domain not yet patched in)', () => {
    expect(matchRoutes([{ id: 'layout', children: [] }], '/')).toBeNull();
  });
});

describe('route params', () => {
  it('decodes percent-encoded params and keeps a malformed one as written', () => {
    const routes: TestRoute[] = [{ id: 'detail', path: '/news/detail/:id' }];
    expect(matchRoutes(routes, '/news/detail/%E3%81%8A%E7%9F%A5%E3%82%89%E3%81%9B')?.[0]?.params).toEqual({
      id: 'お知らせ',
    });
    expect(matchRoutes(routes, '/news/detail/a%2Fb')?.[0]?.params).toEqual({ id: 'a/b' });
    expect(matchRoutes(routes, '/news/detail/%E0%A4%A')?.[0]?.params).toEqual({ id: '%E0%A4%A' });
  });

  it('gives the splat the rest of the path, and every match the same params', () => {
    const routes: TestRoute[] = [{ id: 'room', path: '/chat/:room', children: [{ id: 'rest', path: '*' }] }];
    const matches = matchRoutes(routes, '/chat/3/files/a.pdf')!;
    expect(matches.map((match) => match.params)).toEqual([
      { room: '3', '*': 'files/a.pdf' },
      { room: '3', '*': 'files/a.pdf' },
    ]);
    expect(matches.map((match) => [match.pathname, match.pathnameBase])).toEqual([
      ['/chat/3', '/chat/3'],
      ['/chat/3/files/a.pdf', '/chat/3'],
    ]);
  });

  it('ignores the search and hash of a path string', () => {
    expect(leafOf([{ id: 'news', path: '/news' }], '/news?page=2#top')).toBe('news');
  });

  it('names the matched pattern by joining the routes’ paths', () => {
    const branches = rankRouteBranches(appRoutes());
    expect(patternOf(matchRankedBranches(branches, '/news/detail/3')!)).toBe('/news/detail/:id');
    expect(patternOf(matchRankedBranches(branches, '/')!)).toBe('/');
    expect(patternOf(matchRankedBranches(branches, '/x/y')!)).toBe('/*');
  });
});
