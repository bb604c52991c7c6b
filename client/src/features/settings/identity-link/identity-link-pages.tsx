import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

/**
 * /disconnect/broker (plain layout: the application bar and footer, no navigation), its own chunk.
 * It needs a login but is no /mypage page: bank staff reach it too, and a visitor is told to log in.
 */
export const identityLinkRoutes: RouteObject[] = [
  {
    // DISCONNECT_BROKER_PAGE_PATH: the contract's schemas stay out of the routes' chunk.
    path: '/disconnect/broker',
    handle: { title: 'アカウント連携の解除' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./disconnect-broker-page.tsx')).DisconnectBrokerPage }),
  },
];
