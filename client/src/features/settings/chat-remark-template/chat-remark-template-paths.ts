import { NEW_CHAT_REMARK_TEMPLATE_ID } from '#server/contracts/chat-remark-template.ts';
import { pagePath } from '#server/contracts/pages/page-list.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';

/** The list of the company's chat remark templates. */
export const CHAT_REMARK_TEMPLATE_LIST_PATH = settingsPages.chatTemplates.path;

/** A template's edit page; `new` for one not yet saved. */
export function chatRemarkTemplateEditPath(code: string = NEW_CHAT_REMARK_TEMPLATE_ID): string {
  return pagePath(settingsPages.chatTemplateEdit, { id: code });
}
