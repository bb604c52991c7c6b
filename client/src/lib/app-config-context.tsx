import { createContext, type ReactNode, use } from 'react';
import { type PublicAppConfig, publicAppConfigSchema } from '#server/contracts/app-config.ts';
import { successEnvelope } from '#server/contracts/envelope.ts';
import { type ApiClient, resultOf } from './request/api-client.ts';

export const APP_CONFIG_PATH = '/api/v1/setting/app_config';

const appConfigAnswerSchema = successEnvelope(publicAppConfigSchema);

/** The bank's public config could not be loaded: there is no bank to show (spec section 4). */
export class AppConfigLoadError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The app config could not be loaded', options);
    this.name = 'AppConfigLoadError';
  }
}

/** GET {api}/api/v1/setting/app_config, parsed with the contract's schema. */
export async function fetchAppConfig(api: ApiClient, signal?: AbortSignal): Promise<PublicAppConfig> {
  try {
    return resultOf(
      APP_CONFIG_PATH,
      await api.request(APP_CONFIG_PATH, { schema: appConfigAnswerSchema, signal }),
    );
  } catch (cause) {
    throw new AppConfigLoadError({ cause });
  }
}

const AppConfigContext = createContext<PublicAppConfig | null>(null);

/** Makes the bank's public config (loaded at start-up) available to every page. */
export function AppConfigProvider({ config, children }: { config: PublicAppConfig; children: ReactNode }) {
  return <AppConfigContext value={config}>{children}</AppConfigContext>;
}

/** The bank's public config. Only components under AppConfigProvider may call it. */
export function useAppConfig(): PublicAppConfig {
  const config = use(AppConfigContext);
  if (!config) throw new Error('useAppConfig() was called outside <AppConfigProvider>');
  return config;
}
