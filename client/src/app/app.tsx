import { RouterProvider } from '#client/lib/router/index.ts';
import { type ErrorReporter, ErrorReporterContext } from '../lib/error-reporting.ts';
import type { ApiClient } from '../lib/request/api-client.ts';
import { ApiClientContext } from '../lib/request/api-client-context.ts';
import { HttpError } from '../lib/request/http-error.ts';
import { type ChunkReloadGuard, isChunkLoadError } from './chunk-reload.ts';
import { RouteAccessDeniedError } from './route-guard.ts';
import type { AppRouter } from './router.tsx';

export interface AppProps {
  router: AppRouter;
  api: ApiClient;
  reporter: ErrorReporter;
  chunkReload: ChunkReloadGuard;
}

/**
 * 401 and 404 are answers, not faults (spec section 8 reports neither); nor is a page the route
 * rules keep from the user.
 */
const isUnreported = (error: unknown) =>
  error instanceof RouteAccessDeniedError ||
  (error instanceof HttpError && (error.status === 401 || error.status === 404));

/**
 * The providers every page relies on: error reporting, the API client and the router (the query
 * cache comes with the layouts that keep server state, see with-server-state.tsx). The bank's config, theme and user come from start-up, inside the router (AppShell).
 */
export function App({ router, api, reporter, chunkReload }: AppProps) {
  // Every loader, lazy-import and render error passes here exactly once.
  const onError = (error: unknown, info: { pattern: string }) => {
    if (isChunkLoadError(error)) {
      reporter.captureException(error, { tags: { kind: 'chunk-load', route: info.pattern } });
      chunkReload.handle(error);
      return;
    }
    if (isUnreported(error)) return;
    console.error(error);
    reporter.captureException(error, { tags: { kind: 'route', route: info.pattern } });
  };
  return (
    <ErrorReporterContext value={reporter}>
      <ApiClientContext value={api}>
        <RouterProvider router={router} onError={onError} />
      </ApiClientContext>
    </ErrorReporterContext>
  );
}
