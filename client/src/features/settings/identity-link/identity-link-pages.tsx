import { settingsPages } from '#server/contracts/pages/settings.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

/**
 * /disconnect/broker (plain layout: the application bar and footer, no navigation), its own chunk.
 * It needs a login but is no /mypage page: bank staff reach it too, and a visitor is told to log in.
 */
export const identityLinkRoutes = [
  pageRoute(settingsPages.disconnectBroker, {
    handle: { title: 'アカウント連携の解除' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./disconnect-broker-page.tsx')).DisconnectBrokerPage }),
  }),
];
