import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { fetchAppConfig } from '#client/lib/app-config-context.tsx';
import type { ErrorReporter } from '#client/lib/error-reporting.ts';
import type { MasterDataAudience } from '#client/lib/master-data.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import type { LazyQueryClient } from '#client/lib/server-state.ts';
import { fetchCurrentUser } from './current-user-request.ts';
import { fetchServerInfo, type ServerInfo } from './server-info.ts';

export interface StartupServices {
  /** The visit's query cache, for the master data (made when first needed). */
  queryClient: LazyQueryClient;
  /** The API client (its base is server info's api_url). */
  api: ApiClient;
  /** Server info, asked once per visit (see serverInfoOnce). */
  serverInfo: () => Promise<ServerInfo>;
}

/** What start-up loaded: the shell's data (the root route's loader data). */
export interface StartupData {
  config: PublicAppConfig;
  /** The logged-in user, or null for a visitor. */
  user: LoggedInUser | null;
}

/**
 * A load done once per visit and then kept (a bank's config changes with a deployment, not during
 * a visit); one that failed is tried again when next asked.
 */
function once<T>(load: () => Promise<T>): (() => Promise<T>) & { forget: () => void } {
  let pending: Promise<T> | undefined;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return Object.assign(get, {
    forget: () => {
      pending = undefined;
    },
  });
}

/**
 * Server info (spec section 4), asked of the page's own origin once per visit: its api_url is the
 * API client's base.
 */
export function serverInfoOnce(sameOrigin: ApiClient, reporter: ErrorReporter, pageOrigin: string) {
  return once(() => fetchServerInfo(sameOrigin, reporter, pageOrigin));
}

/** Start-up's loads, kept for the visit: the root route's loader, and who is visiting. */
export interface Startup {
  /** The root route's loader: the shell's data. */
  loader: () => Promise<StartupData>;
  /**
   * The bank's config and the user, after server info: what a route guard needs. The same loads as
   * the loader's (made once per visit), so asking costs no request.
   */
  session: () => Promise<StartupData>;
  /**
   * Forgets the user loaded for the visit, so the next load asks again: after a save that changes
   * what the shell shows of them (the company's name or logo), before revalidating the root route.
   */
  forgetUser: () => void;
}

/**
 * The start-up sequence of spec section 4, as the root route's loader: server info first (its
 * api_url is the base of every later call), then the app config and the user together, then the
 * master data the user's side of the portal needs. The layouts render only once it has finished
 * (the loading layout shows meanwhile); a config that cannot be loaded fails it with
 * AppConfigLoadError, shown as 401 設定ファイルが読み込めませんでした. The root loader runs again
 * after a page's action; what it loaded is kept for the visit, so that costs no request.
 */
export function createStartup(services: StartupServices): Startup {
  const { queryClient, api, serverInfo } = services;
  const config = once(() => fetchAppConfig(api));
  const user = once(() => fetchCurrentUser(api));
  async function session(): Promise<StartupData> {
    await serverInfo();
    const [loadedConfig, loadedUser] = await Promise.all([config(), user()]);
    return { config: loadedConfig, user: loadedUser };
  }
  return {
    session,
    forgetUser: user.forget,
    async loader() {
      const data = await session();
      // Only a logged-in user needs master data; a visitor's first page does without its code too.
      if (data.user) {
        const { loadMasterData, masterDataAudienceOf } = await import('#client/lib/master-data.ts');
        const audience = masterDataAudienceOf(data.user);
        if (audience) await loadMasterData(await queryClient(), api, audience);
      }
      return data;
    },
  };
}

/** A layout route's loader for master data of its own, such as the register layouts' register master. */
export function createMasterDataLoader(
  { queryClient, api }: Pick<StartupServices, 'queryClient' | 'api'>,
  audience: MasterDataAudience,
) {
  return async function masterDataLoader(): Promise<null> {
    const { loadMasterData } = await import('#client/lib/master-data.ts');
    await loadMasterData(await queryClient(), api, audience);
    return null;
  };
}
