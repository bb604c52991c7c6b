import type { LoaderFunctionArgs } from '#client/lib/router/index.ts';
import { matchingNetworkPages } from '#server/contracts/pages/matching-network.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

/**
 * /ncba/bm/agreement/{unique_code} (plain layout): the bank's matching terms for a company, for
 * anyone to read; the owners agree once logged in. It loads in its loader (the plain layout keeps
 * no query cache); the loader's code is a chunk of its own, fetched beside the page's.
 */
export const matchingAgreementRoutes = [
  pageRoute(matchingNetworkPages.agreement, {
    handle: { title: 'ビジネスマッチング利用規約' } satisfies PageHandle,
    loader: async (args: LoaderFunctionArgs) =>
      (await import('./agreement/matching-agreement-loader.ts')).matchingAgreementLoader(args),
    lazy: async () => ({
      Component: (await import('./agreement/matching-agreement-page.tsx')).MatchingAgreementPage,
    }),
  }),
];
