import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onStorageUnavailable, type StorageKind } from '../lib/browser-storage.ts';
import { createCredentialStore } from '../lib/credential-store.ts';
import { createErrorReporter, type ErrorReporter, sentryDsnOf } from '../lib/error-reporting.ts';
import { createApiClient } from '../lib/request/api-client.ts';
import { lazyQueryClient } from '../lib/server-state.ts';
import { App } from './app.tsx';
import { createChunkReloadGuard } from './chunk-reload.ts';
import { createErrorPageStore } from './error-pages/error-page-store.ts';
import { createNavigationHistory } from './navigation-history.ts';
import { parseEmbeddedConfig, readEmbeddedConfigJson } from './read-app-config.ts';
import { type AppRouter, createAppRouter } from './router.tsx';
import { serverInfoOnce } from './startup/startup-loader.ts';

/** The element the gateway's index.html (and client/index.html) provides for the app. */
export const APP_ROOT_ELEMENT_ID = 'root';

export interface StartedApp {
  router: AppRouter;
  /** Unmounts the app and lets go of the router (a page never does; a test does). */
  stop(): void;
}

/** Storage failures are reported once per kind and page view: one is news, a thousand are noise. */
function reportStorageFailures(window: Window, reporter: ErrorReporter): () => void {
  const reported = new Set<StorageKind>();
  return onStorageUnavailable(window, (error) => {
    if (reported.has(error.kind)) return;
    reported.add(error.kind);
    reporter.captureException(error, { tags: { kind: 'storage', storage: error.kind } });
  });
}

/**
 * Starts the app in a page rendered by the gateway: makes the services (error reporting, the API
 * client, the query cache, the router) and renders. The start-up sequence itself is the root
 * route's loader (startup/startup-loader.ts); the page's embedded config only brands the loading
 * screen and names the error-reporting DSN, if it has one.
 */
export function startApp(document: Document): StartedApp {
  const window = document.defaultView;
  const container = document.getElementById(APP_ROOT_ELEMENT_ID);
  if (!window || !container) throw new Error(`The page has no window or no #${APP_ROOT_ELEMENT_ID} element`);

  // A broken embedded config is the gateway's bug, reported below; the page still starts, since
  // the config of record comes from the API.
  let embeddedJson: unknown;
  let unreadableConfig: unknown;
  try {
    embeddedJson = readEmbeddedConfigJson(document);
  } catch (error) {
    unreadableConfig = error;
  }
  const placeholderConfig = parseEmbeddedConfig(embeddedJson);
  const reporter = createErrorReporter({
    dsn: sentryDsnOf(embeddedJson),
    environment: placeholderConfig?.env,
    release: placeholderConfig?.build_version,
  });
  if (unreadableConfig !== undefined) {
    reporter.captureException(unreadableConfig, { tags: { kind: 'startup', step: 'embedded-config' } });
  } else if (embeddedJson !== undefined && !placeholderConfig) {
    reporter.captureMessage('The page carries an app config that does not match the contract', {
      tags: { kind: 'startup', step: 'embedded-config' },
    });
  }
  const stopReportingStorage = reportStorageFailures(window, reporter);

  const navigation = createNavigationHistory(window.location, document.referrer);
  const errorPages = createErrorPageStore();
  const chunkReload = createChunkReloadGuard(() => window.location.reload());
  const queryClient = lazyQueryClient();
  const transport = {
    fetch: window.fetch.bind(window),
    reporter,
    credentials: createCredentialStore(),
    navigation,
    showErrorPage: errorPages.show,
  };
  const pageOrigin = window.location.origin;
  const sameOrigin = createApiClient({ ...transport, baseUrl: () => '' });
  const serverInfo = serverInfoOnce(sameOrigin, reporter, pageOrigin);
  const api = createApiClient({ ...transport, baseUrl: async () => (await serverInfo()).api_url });

  const router = createAppRouter({
    queryClient,
    api,
    serverInfo,
    placeholderConfig,
    errorPages,
    chunkReload,
  });
  const unsubscribes = [
    stopReportingStorage,
    navigation.follow(router),
    errorPages.follow(router),
    chunkReload.follow(router),
  ];
  const stopFollowing = () => unsubscribes.forEach((unsubscribe) => unsubscribe());

  const root = createRoot(container);
  root.render(
    <StrictMode>
      <App router={router} api={api} reporter={reporter} chunkReload={chunkReload} />
    </StrictMode>,
  );
  return {
    router,
    stop() {
      root.unmount();
      router.dispose();
      stopFollowing();
    },
  };
}
