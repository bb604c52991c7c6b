import type { LoaderFunctionArgs, RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

/**
 * /ncba/bm/agreement/{unique_code} (plain layout): the bank's matching terms for a company, for
 * anyone to read; the owners agree once logged in. It loads in its loader (the plain layout keeps
 * no query cache); the loader's code is a chunk of its own, fetched beside the page's.
 */
export const matchingAgreementRoutes: RouteObject[] = [
  {
    path: '/ncba/bm/agreement/:unique_code',
    handle: { title: 'ビジネスマッチング利用規約' } satisfies PageHandle,
    loader: async (args: LoaderFunctionArgs) =>
      (await import('./agreement/matching-agreement-loader.ts')).matchingAgreementLoader(args),
    lazy: async () => ({
      Component: (await import('./agreement/matching-agreement-page.tsx')).MatchingAgreementPage,
    }),
  },
];
