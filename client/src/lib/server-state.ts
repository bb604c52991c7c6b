import type { QueryClient } from '@tanstack/react-query';

/** The visit's query cache, made the first time something asks for it. */
export type LazyQueryClient = () => Promise<QueryClient>;

/**
 * Server state (react-query) for the pages that keep some: the company area, the admin area and
 * registration. It is loaded with the first of their layouts, not with the app: the public pages
 * load their little data through their routes' loaders and stay within the JavaScript budget.
 */
export function lazyQueryClient(): LazyQueryClient {
  let client: Promise<QueryClient> | undefined;
  return () => {
    client ??= import('@tanstack/react-query').then(
      ({ QueryClient }) => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    );
    return client;
  };
}
