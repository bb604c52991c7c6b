import type { QueryClient } from '@tanstack/react-query';
import { appConfigQueryOptions } from '../../lib/app-config.tsx';
import { currentUserQueryOptions } from '../../lib/current-user.ts';
import type { ErrorReporter } from '../../lib/error-reporting.ts';
import type { MasterDataAudience } from '../../lib/master-data.ts';
import type { ApiClient } from '../../lib/request/api-client.ts';
import { serverInfoQueryOptions } from './server-info.ts';

export interface StartupServices {
  queryClient: QueryClient;
  /** The API client (its base is server info's api_url). */
  api: ApiClient;
  /** A client for the page's own origin, which answers server info. */
  sameOrigin: ApiClient;
  reporter: ErrorReporter;
  /** The page's origin: the API base when server info cannot be had. */
  pageOrigin: string;
}

/** Server info's api_url: the API client's base, resolved once and kept in the query cache. */
export function resolveApiBase({
  queryClient,
  sameOrigin,
  reporter,
  pageOrigin,
}: Omit<StartupServices, 'api'>) {
  return async () =>
    (await queryClient.ensureQueryData(serverInfoQueryOptions(sameOrigin, reporter, pageOrigin))).api_url;
}

/**
 * The start-up sequence of spec section 4, as the root route's loader: server info first (its
 * api_url is the base of every later call), then the app config and the user together, then the
 * master data the user's side of the portal needs. The layouts render only once it has finished
 * (the loading layout shows meanwhile); a config that cannot be loaded fails it with
 * AppConfigLoadError, shown as 401 設定ファイルが読み込めませんでした.
 */
export function createStartupLoader(services: StartupServices) {
  const { queryClient, api, sameOrigin, reporter, pageOrigin } = services;
  return async function startupLoader(): Promise<null> {
    await queryClient.ensureQueryData(serverInfoQueryOptions(sameOrigin, reporter, pageOrigin));
    const [, user] = await Promise.all([
      queryClient.ensureQueryData(appConfigQueryOptions(api)),
      queryClient.ensureQueryData(currentUserQueryOptions(api)),
    ]);
    // Only a logged-in user needs master data; a visitor's first page does without its code too.
    if (user) {
      const { loadMasterData, masterDataAudienceOf } = await import('../../lib/master-data.ts');
      const audience = masterDataAudienceOf(user);
      if (audience) await loadMasterData(queryClient, api, audience);
    }
    return null;
  };
}

/** A layout route's loader for master data of its own, such as the register layouts' register master. */
export function createMasterDataLoader(
  { queryClient, api }: Pick<StartupServices, 'queryClient' | 'api'>,
  audience: MasterDataAudience,
) {
  return async function masterDataLoader(): Promise<null> {
    const { loadMasterData } = await import('../../lib/master-data.ts');
    await loadMasterData(queryClient, api, audience);
    return null;
  };
}
