import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { CHAT_REMARK_TEMPLATE_LIST_PATH } from './chat-remark-template-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };
const LIST_TITLE = 'チャット定型文';

/** /mypage/setting/chat_remark_template and its edit page (company layout), each its own chunk. */
export const chatRemarkTemplateRoutes: RouteObject[] = [
  {
    path: CHAT_REMARK_TEMPLATE_LIST_PATH,
    handle: { title: LIST_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { ChatRemarkTemplateListPage } = await import('./chat-remark-template-list-page.tsx');
      return { element: <ChatRemarkTemplateListPage /> };
    },
  },
  {
    // edit/new: a template not yet saved (NEW_CHAT_REMARK_TEMPLATE_ID); else a template's code.
    path: `${CHAT_REMARK_TEMPLATE_LIST_PATH}/edit/:id`,
    handle: {
      title: 'チャット定型文の編集',
      breadcrumbs: [DASHBOARD, { label: LIST_TITLE, to: CHAT_REMARK_TEMPLATE_LIST_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { ChatRemarkTemplateEditPage } = await import('./chat-remark-template-edit-page.tsx');
      return { element: <ChatRemarkTemplateEditPage /> };
    },
  },
];
