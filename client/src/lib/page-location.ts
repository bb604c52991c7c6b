import { createContext, use } from 'react';

/** Leaving the app's router for a full page load: another server route (/logout) or a reload. */
export interface PageLocation {
  assign(url: string): void;
  reload(): void;
}

/**
 * The browser's location by default; a component test provides its own, since jsdom cannot
 * navigate (and its location cannot be spied on).
 */
export const PageLocationContext = createContext<PageLocation>({
  assign: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
});

export function usePageLocation(): PageLocation {
  return use(PageLocationContext);
}
