/**
 * Where the visitor is, and the two places that is kept: the browser's history (pushState and
 * popstate) and an in-memory list for tests. The router writes an entry only once a navigation has
 * settled; a back or forward move is reported to it as a POP.
 */

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  /** `?…` or ''. */
  search: string;
  /** `#…` or ''. */
  hash: string;
}

export interface Location<State = unknown> extends Path {
  /** What `navigate(to, { state })` or `<Link state>` gave; null otherwise. */
  state: State;
  /** Unique per history entry ('default' for the first): scroll positions are kept by it. */
  key: string;
}

/** A link target: a path string, or the parts of one (a missing pathname keeps the current one). */
export type To = string | Partial<Path>;

export interface RouterHistory {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  /** Back (-1) or forward (1); the move reaches the listener as a POP. */
  go(delta: number): void;
  listen(listener: (location: Location) => void): () => void;
}

/** A location's URL path (its search and hash already start with `?` and `#`, or are empty). */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  return pathname + search + hash;
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

/** `..` and `.` segments of a relative pathname, against the pathname it is relative to. */
function resolvePathname(relative: string, from: string): string {
  const segments = from.replace(/\/+$/, '').split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') segments.push(segment);
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

/**
 * A target against the current location: an absolute pathname as it is, a relative one against the
 * current pathname, none at all keeps the current pathname (`{ search }`, `'?page=2'`).
 */
export function resolveTo(to: To, from: Path): Path {
  const target = typeof to === 'string' ? parsePath(to) : to;
  const pathname = !target.pathname
    ? from.pathname
    : target.pathname.startsWith('/')
      ? target.pathname
      : resolvePathname(target.pathname, from.pathname);
  const search = target.search && target.search !== '?' ? target.search : '';
  const hash = target.hash && target.hash !== '#' ? target.hash : '';
  return {
    pathname,
    search: search && !search.startsWith('?') ? `?${search}` : search,
    hash: hash && !hash.startsWith('#') ? `#${hash}` : hash,
  };
}

export function createLocation(path: Path, state: unknown = null, key: string = createKey()): Location {
  return { pathname: path.pathname, search: path.search, hash: path.hash, state, key };
}

/** An in-memory history (tests): entries and an index, as React Router's `createMemoryHistory`. */
export function createMemoryHistory(
  initialEntries: ReadonlyArray<string | Partial<Location>> = ['/'],
  initialIndex?: number,
): RouterHistory {
  const entries = initialEntries.map((entry, i) => {
    const path = typeof entry === 'string' ? parsePath(entry) : entry;
    return createLocation(
      resolveTo(path, { pathname: '/', search: '', hash: '' }),
      typeof entry === 'string' ? null : (entry.state ?? null),
      typeof entry !== 'string' && entry.key ? entry.key : i === 0 ? 'default' : createKey(),
    );
  });
  if (entries.length === 0)
    entries.push(createLocation({ pathname: '/', search: '', hash: '' }, null, 'default'));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() {
      return entries[index]!;
    },
    push(location) {
      index += 1;
      entries.splice(index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      // As React Router's memory history: a move past either end stays at the end, and still reports.
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      for (const listener of listeners) listener(entries[index]!);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface BrowserEntryState {
  usr: unknown;
  key: string;
}

/** The browser's history: each entry keeps the location's state and key in `history.state`. */
export function createBrowserHistory(window: Window): RouterHistory {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as Partial<BrowserEntryState> | null;
    return createLocation({ pathname, search, hash }, entry?.usr ?? null, entry?.key ?? 'default');
  };
  const entryOf = (location: Location): BrowserEntryState => ({ usr: location.state, key: location.key });
  return {
    get location() {
      return read();
    },
    push(location) {
      window.history.pushState(entryOf(location), '', createPath(location));
    },
    replace(location) {
      window.history.replaceState(entryOf(location), '', createPath(location));
    },
    go(delta) {
      window.history.go(delta);
    },
    listen(listener) {
      const onPopState = () => listener(read());
      window.addEventListener('popstate', onPopState);
      return () => window.removeEventListener('popstate', onPopState);
    },
  };
}
