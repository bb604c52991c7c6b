import { NEW_CHAT_REMARK_TEMPLATE_ID } from '#server/contracts/chat-remark-template.ts';

/** The list of the company's chat remark templates (server/contracts/pages/settings.ts). */
export const CHAT_REMARK_TEMPLATE_LIST_PATH = '/mypage/setting/chat_remark_template';

/** A template's edit page; `new` for one not yet saved. */
export function chatRemarkTemplateEditPath(code: string = NEW_CHAT_REMARK_TEMPLATE_ID): string {
  return `${CHAT_REMARK_TEMPLATE_LIST_PATH}/edit/${encodeURIComponent(code)}`;
}
