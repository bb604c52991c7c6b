import { isRouteErrorResponse, useRouteError } from '#client/lib/router/index.ts';
import { AppConfigLoadError } from '#client/lib/app-config-context.tsx';
import { HttpError } from '#client/lib/request/http-error.ts';
import type { ChunkReloadGuard } from '../chunk-reload.ts';
import { LoadingLayout, LoadingSafeLayout } from '../loading-layouts.tsx';
import { ConfigErrorScreen } from './config-error-screen.tsx';
import type { ErrorPageProps } from './error-page.tsx';
import { ERROR_PAGE_TEXTS } from './error-page-texts.ts';
import { LazyErrorPage } from './lazy-error-page.tsx';

/**
 * The error page for whatever a route threw: an HttpError or a router error response shows its
 * status's page; anything else (a bug, a failed load) the spec's "other" page, without internal
 * details. Reporting happens once, in the router's onError (client/src/app/app.tsx).
 */
export function errorPagePropsOf(error: unknown): ErrorPageProps {
  if (error instanceof HttpError) return { status: error.status, message: error.detail };
  if (isRouteErrorResponse(error)) {
    return {
      status: error.status,
      message: typeof error.data === 'string' && error.data !== '' ? error.data : undefined,
    };
  }
  return {};
}

/** The error element of the routes inside the app shell (themed, bank config loaded). */
export function RouteErrorPage({ chunkReload }: { chunkReload: ChunkReloadGuard }) {
  const error = useRouteError();
  if (chunkReload.isReloading()) return <LoadingLayout />;
  return <LazyErrorPage {...errorPagePropsOf(error)} />;
}

/**
 * The error element of the start-up route: no theme may exist here, so it uses the safe layout.
 * A config that could not be loaded is the spec's 401 設定ファイルが読み込めませんでした.
 */
export function StartupErrorPage({ chunkReload }: { chunkReload: ChunkReloadGuard }) {
  const error = useRouteError();
  if (chunkReload.isReloading()) return <LoadingSafeLayout />;
  if (error instanceof AppConfigLoadError) return <ConfigErrorScreen />;
  const { status, message } = errorPagePropsOf(error);
  return <LoadingSafeLayout status={status} message={message || ERROR_PAGE_TEXTS.other} />;
}
