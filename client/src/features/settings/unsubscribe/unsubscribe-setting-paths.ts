import { settingsPages } from '#server/contracts/pages/settings.ts';

/** The company's request to leave, and the page that thanks it (the spec's spelling, "compleated"). */
export const UNSUBSCRIBE_SETTING_PATH = settingsPages.unsubscribe.path;
export const UNSUBSCRIBE_COMPLETED_PATH = settingsPages.unsubscribeCompleted.path;
