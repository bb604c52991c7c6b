/**
 * Route matching and ranking as React Router 8 does it (its `flattenRoutes`, `computeScore` and
 * `rankRouteBranches`), for the route shapes the app writes: static segments, `:param`, a trailing
 * `*` splat, index routes, pathless layouts and absolute child paths. Pure: no React, no DOM (the
 * unit suite runs it in Node).
 */

/** The part of a route that matching reads. */
export interface MatchableRoute {
  path?: string;
  index?: boolean;
  children?: readonly MatchableRoute[];
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteMatch<R> {
  /** The params of the whole match (every match of a branch shares them, as in React Router). */
  params: Params;
  /** The part of the URL this route matched, its splat included. */
  pathname: string;
  /** The same without the splat. */
  pathnameBase: string;
  route: R;
}

interface BranchRoute<R> {
  route: R;
  /** The route's own path, relative to its parent's. */
  relativePath: string;
  /** Its place among its siblings: the tie-breaker between equal scores. */
  childrenIndex: number;
}

export interface RouteBranch<R> {
  /** The whole pattern, the parents' paths joined. */
  path: string;
  score: number;
  routes: BranchRoute<R>[];
}

const STATIC_SEGMENT = 10;
const DYNAMIC_SEGMENT = 3;
const INDEX_ROUTE = 2;
const EMPTY_SEGMENT = 1;
const SPLAT_PENALTY = -2;

const joinPaths = (paths: readonly string[]) => paths.join('/').replace(/\/\/+/g, '/');
const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');
const isParam = (segment: string) => /^:[\w-]+$/.test(segment);

/** React Router's score: more segments, static before dynamic before splat, index routes a little higher. */
function scoreOf(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length;
  if (segments.includes('*')) score += SPLAT_PENALTY;
  if (index) score += INDEX_ROUTE;
  for (const segment of segments) {
    if (segment === '*') continue;
    score += isParam(segment) ? DYNAMIC_SEGMENT : segment === '' ? EMPTY_SEGMENT : STATIC_SEGMENT;
  }
  return score;
}

/** Equal scores: siblings keep their order; anything else keeps the order of the tree. */
function compareSiblings<R>(a: RouteBranch<R>, b: RouteBranch<R>): number {
  const left = a.routes.map((meta) => meta.childrenIndex);
  const right = b.routes.map((meta) => meta.childrenIndex);
  const siblings = left.length === right.length && left.slice(0, -1).every((n, i) => n === right[i]);
  return siblings ? left[left.length - 1]! - right[right.length - 1]! : 0;
}

/**
 * Every route that can end a match (a path or an index route), with its parents, best first. A
 * child's branch comes before its parent's, so an equal score goes to the deeper route.
 */
export function rankRouteBranches<R extends MatchableRoute>(routes: readonly R[]): RouteBranch<R>[] {
  const branches: RouteBranch<R>[] = [];
  const flatten = (level: readonly R[], parents: BranchRoute<R>[], parentPath: string) => {
    level.forEach((route, childrenIndex) => {
      let relativePath = route.path ?? '';
      if (relativePath.startsWith('/')) {
        if (!relativePath.startsWith(parentPath)) {
          throw new Error(`Route path ${relativePath} is not valid under ${parentPath}`);
        }
        relativePath = relativePath.slice(parentPath.length);
      }
      const path = joinPaths([parentPath, relativePath]);
      const chain = [...parents, { route, relativePath, childrenIndex }];
      if (route.children && route.children.length > 0) flatten(route.children as readonly R[], chain, path);
      if (route.path === undefined && !route.index) return;
      branches.push({ path, score: scoreOf(path, route.index), routes: chain });
    });
  };
  flatten(routes, [], '');
  return branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : compareSiblings(a, b)));
}

/** A segment as the route sees it: percent-decoded, or as written when it is malformed. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchBranch<R>(branch: RouteBranch<R>, segments: readonly string[]): RouteMatch<R>[] | null {
  const params: Record<string, string> = {};
  const matches: RouteMatch<R>[] = [];
  let used = 0;
  for (const [position, meta] of branch.routes.entries()) {
    const last = position === branch.routes.length - 1;
    let splat = false;
    for (const part of segmentsOf(meta.relativePath)) {
      if (part === '*') {
        params['*'] = segments.slice(used).join('/');
        splat = true;
        break;
      }
      const segment = segments[used];
      if (segment === undefined) return null;
      if (isParam(part)) params[part.slice(1)] = segment;
      else if (part.toLowerCase() !== segment.toLowerCase()) return null;
      used += 1;
    }
    if (last && !splat && used !== segments.length) return null;
    const base = `/${segments.slice(0, used).join('/')}`;
    matches.push({
      params,
      pathname: splat ? `/${segments.join('/')}` : base,
      pathnameBase: base,
      route: meta.route,
    });
    if (splat) used = segments.length;
  }
  return matches;
}

/** The matches of the best branch for a pathname (parents first), or null when none matches. */
export function matchRankedBranches<R>(
  branches: readonly RouteBranch<R>[],
  pathname: string,
): RouteMatch<R>[] | null {
  const segments = segmentsOf(pathname).map(decodeSegment);
  for (const branch of branches) {
    const matches = matchBranch(branch, segments);
    if (matches) return matches;
  }
  return null;
}

/** React Router's `matchRoutes(routes, location)`. */
export function matchRoutes<R extends MatchableRoute>(
  routes: readonly R[],
  location: string | { pathname?: string },
): RouteMatch<R>[] | null {
  const pathname = typeof location === 'string' ? location.split(/[?#]/, 1)[0]! : (location.pathname ?? '/');
  return matchRankedBranches(rankRouteBranches(routes), pathname || '/');
}

/** The matched pattern, the routes' paths joined (`/news/detail/:id`): React Router's `pattern`. */
export function patternOf(matches: readonly RouteMatch<MatchableRoute>[]): string {
  return joinPaths(['', ...matches.map((match) => match.route.path ?? '')]).replace(/(.)\/$/, '$1') || '/';
}
