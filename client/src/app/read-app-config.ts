import {
  APP_CONFIG_ELEMENT_ID,
  type PublicAppConfig,
  publicAppConfigSchema,
} from '#server/contracts/app-config.ts';

/**
 * The JSON the gateway wrote into the bank's index.html (`<script id="app-config"
 * type="application/json">`), unparsed; undefined when the page has none (Vite's development
 * page). Throws a SyntaxError when the element holds something that is not JSON.
 */
export function readEmbeddedConfigJson(document: Document): unknown {
  const text = document.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent;
  return text ? JSON.parse(text) : undefined;
}

/**
 * The embedded config as the contract describes it, or null. It only brands the loading screen, so
 * a page without one still starts (in the safe loading layout); the config of record is the API's.
 */
export function parseEmbeddedConfig(json: unknown): PublicAppConfig | null {
  if (json === undefined) return null;
  const parsed = publicAppConfigSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
