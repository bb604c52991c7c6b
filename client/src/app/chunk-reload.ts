import { readStorage, writeStorage } from '../lib/browser-storage.ts';

/** Session-storage key marking that the page was just reloaded for a chunk that would not load. */
export const CHUNK_RELOAD_MARK_KEY = 'portal:chunk-reload';

// What browsers and Vite say when a lazily loaded file cannot be fetched: typically a new release
// replaced the hashed files the open page still refers to.
const CHUNK_LOAD_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** The part of the router this follows (a data router's subscribe). */
interface RouterSettledSource {
  subscribe(listener: (state: { navigation: { state: string }; errors: unknown }) => void): () => void;
}

export interface ChunkReloadGuard {
  /** Reloads the page for a chunk-load failure, once; answers whether a reload has started. */
  handle(error: unknown): boolean;
  /** True once a reload has started: the error boundaries show the spinner, not an error page. */
  isReloading(): boolean;
  /** Forgets the mark once a navigation settles without errors; answers the unsubscribe. */
  follow(router: RouterSettledSource): () => void;
}

/**
 * Spec section 8: a chunk-load failure during navigation reloads the page. Once only: the mark in
 * session storage stops a page whose chunk is really gone from reloading for ever (the second
 * failure shows the error page instead). Without session storage there is no such guard, so there
 * is no reload either.
 */
export function createChunkReloadGuard(reload: () => void): ChunkReloadGuard {
  let reloading = false;
  return {
    handle(error) {
      if (reloading) return true;
      if (!isChunkLoadError(error)) return false;
      if (readStorage('sessionStorage', CHUNK_RELOAD_MARK_KEY) !== null) return false;
      if (!writeStorage('sessionStorage', CHUNK_RELOAD_MARK_KEY, new Date().toISOString())) return false;
      reloading = true;
      reload();
      return true;
    },
    isReloading: () => reloading,
    follow(router) {
      return router.subscribe((state) => {
        if (state.navigation.state !== 'idle' || state.errors) return;
        if (readStorage('sessionStorage', CHUNK_RELOAD_MARK_KEY) !== null) {
          writeStorage('sessionStorage', CHUNK_RELOAD_MARK_KEY, null);
        }
      });
    },
  };
}
