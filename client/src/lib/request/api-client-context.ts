import { createContext, use } from 'react';
import { createContext as createRouterContext } from '#client/lib/router/index.ts';
import type { ApiClient } from './api-client.ts';

/** The app's API client, made once at start-up (client/src/app/start-app.tsx). */
export const ApiClientContext = createContext<ApiClient | null>(null);

/** The API client for hooks; only components inside the app (or a test's provider) may call it. */
export function useApiClient(): ApiClient {
  const api = use(ApiClientContext);
  if (!api) throw new Error('useApiClient() was called outside <ApiClientContext>');
  return api;
}

/**
 * The same client for route loaders, through the router's context (set by createAppRouter): the
 * public pages load their data in their loaders, without the query cache.
 */
export const apiClientRouterContext = createRouterContext<ApiClient>();
