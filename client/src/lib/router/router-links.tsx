import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useLayoutEffect, useRef } from 'react';
import { createPath, type To, resolveTo } from './router-history.ts';
import { useNavigate, useRouter, useRouterState } from './router-hooks.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load, as a plain `<a>` (a page the gateway serves, such as /login). */
  reloadDocument?: boolean;
}

/**
 * Where a link goes: inside the app (a path), or, for a URL of another origin or scheme, to the
 * browser (`external`). A full URL of this origin keeps its path only.
 */
function linkTarget(to: To): { path: To; external?: string } {
  if (typeof to !== 'string' || !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to)) return { path: to };
  const url = new URL(to, window.location.href);
  return url.origin === window.location.origin
    ? { path: `${url.pathname}${url.search}${url.hash}` }
    : { path: to, external: to };
}

/** A plain left click with nothing asking the browser to open the link its own way. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const { target } = event.currentTarget;
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !event.currentTarget.hasAttribute('download') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * An `<a>` that navigates inside the app on a plain click; with a modifier key, the middle button, a
 * `target`, `download`, `reloadDocument` or another origin it is a normal link. A link to where the visitor already is
 * replaces the entry instead of adding one, as React Router's does.
 */
export function Link({ to, replace, state, reloadDocument, onClick, ...anchor }: LinkProps) {
  const router = useRouter();
  const navigate = useNavigate();
  const { location } = useRouterState();
  const { path, external } = linkTarget(to);
  const href = external ?? router.createHref(path);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (external || reloadDocument || !isPlainClick(event)) return;
    event.preventDefault();
    const target = resolveTo(path, location);
    void navigate(target, { replace: replace ?? createPath(location) === createPath(target), state });
  };
  return <a {...anchor} href={href} onClick={handleClick} />;
}

export interface NavigateProps {
  to: To;
  replace?: boolean;
  state?: unknown;
}

/** Navigates as soon as it renders (a page that only sends the visitor elsewhere). */
export function Navigate({ to, replace, state }: NavigateProps): null {
  const navigate = useNavigate();
  const target = JSON.stringify(to);
  useEffect(() => {
    void navigate(JSON.parse(target) as To, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

const SCROLL_STORAGE_KEY = 'router-scroll-positions';

function readSavedPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
    return new Map(Object.entries(saved as Record<string, number>));
  } catch {
    return new Map();
  }
}

/**
 * React Router's scroll behaviour: back and forward return to where the page was scrolled, a new
 * entry starts at the top, or at the element its hash names. Positions survive a reload (session
 * storage), as React Router's do.
 */
export function ScrollRestoration(): null {
  const router = useRouter();
  const { location, initialized } = useRouterState();
  const restore = useRef<Map<string, number> | null>(null);
  useLayoutEffect(() => {
    const positions = readSavedPositions();
    window.history.scrollRestoration = 'manual';
    router.onLeave((from) => positions.set(from.key, window.scrollY));
    const save = () => {
      positions.set(router.state.location.key, window.scrollY);
      try {
        window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // No session storage: positions last as long as the page.
      }
    };
    window.addEventListener('pagehide', save);
    restore.current = positions;
    return () => {
      window.removeEventListener('pagehide', save);
      router.onLeave(null);
      window.history.scrollRestoration = 'auto';
    };
  }, [router]);
  useLayoutEffect(() => {
    if (!initialized) return;
    const saved = restore.current?.get(location.key);
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location, initialized]);
  return null;
}
