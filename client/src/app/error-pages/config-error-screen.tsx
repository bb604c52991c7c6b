import { LoadingSafeLayout } from '../loading-layouts.tsx';

/** Spec section 4: what the loading layout says when the app config cannot be loaded. */
export const CONFIG_LOAD_FAILED_MESSAGE = '設定ファイルが読み込めませんでした';

/** The loading layout's 401 when the app config cannot be loaded (spec section 4). */
export function ConfigErrorScreen() {
  return <LoadingSafeLayout status={401} message={CONFIG_LOAD_FAILED_MESSAGE} />;
}
