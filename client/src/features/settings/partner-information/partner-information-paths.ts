// The router's module imports this: no contract here, so its schemas stay in the pages' own chunks.
import { pagePath } from '#server/contracts/pages/page-list.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';

/** The company's partner information. */
export const PARTNER_INFORMATION_LIST_PATH = settingsPages.partnerInformation.path;

/** What `{id}` of the edit page says for an item not yet saved: /mypage/setting/information/edit/new. */
export const NEW_PARTNER_INFORMATION_ID = 'new';

/** An item's edit page; `new` for one not yet saved. */
export function partnerInformationEditPath(articleId: number | typeof NEW_PARTNER_INFORMATION_ID): string {
  return pagePath(settingsPages.partnerInformationEdit, { id: articleId });
}
