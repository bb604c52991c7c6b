import type { ErrorPageProps } from './error-page.tsx';

interface RouterLocationState {
  location: { key: string };
  /** The location a pending navigation goes to. */
  navigation: { location?: { key: string } };
}

/** The part of the router this follows (a data router's state and subscribe). */
interface RouterLocationSource {
  readonly state: RouterLocationState;
  subscribe(listener: (state: RouterLocationState) => void): () => void;
}

export interface ErrorPageStore {
  /** The error page to show in place of the current page, if any. */
  current(): ErrorPageProps | null;
  show(page: ErrorPageProps): void;
  subscribe(listener: () => void): () => void;
  /** Ties a shown page to its location: going anywhere else clears it. Answers the unsubscribe. */
  follow(router: RouterLocationSource): () => void;
}

/** The location a request belongs to: where a pending navigation goes, else where the visitor is. */
const targetKey = (state: RouterLocationState) => state.navigation.location?.key ?? state.location.key;

/**
 * The error page the request layer asks for (its 401 認証エラー) outside any loader's throw: the app
 * shell route shows it in place of the page, inside the router, until the visitor goes elsewhere.
 * Not a navigation to the same URL: that would run the page's loaders again, and a loader that met
 * the 401 would meet it again, for ever.
 */
export function createErrorPageStore(): ErrorPageStore {
  let page: ErrorPageProps | null = null;
  let shownFor: string | null = null;
  let router: RouterLocationSource | null = null;
  const listeners = new Set<() => void>();
  const set = (next: ErrorPageProps | null) => {
    page = next;
    for (const listener of listeners) listener();
  };
  return {
    current: () => page,
    show(next) {
      shownFor = router ? targetKey(router.state) : null;
      set(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    follow(source) {
      router = source;
      const unsubscribe = source.subscribe((state) => {
        if (page && targetKey(state) !== shownFor) set(null);
      });
      return () => {
        unsubscribe();
        router = null;
      };
    },
  };
}
