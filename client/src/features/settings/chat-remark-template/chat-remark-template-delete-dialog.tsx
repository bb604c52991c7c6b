import { useQueryClient } from '@tanstack/react-query';
import { callKey, callKeyPrefix } from '#server/contracts/call.ts';
import {
  CHAT_REMARK_TEMPLATE_MESSAGES,
  type ChatRemarkTemplate,
  deleteChatRemarkTemplateCall,
  getChatRemarkTemplateCall,
  listChatRemarkTemplatesCall,
} from '#server/contracts/chat-remark-template.ts';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';

/**
 * 削除 asks first: the dialog names the template and says it cannot be undone. Deleting is one
 * request; the list is read again either way (a template another user deleted first is gone too).
 */
export function ChatRemarkTemplateDeleteDialog({
  template,
  onClose,
  onDeleted,
}: {
  /** The template asked about; none: the dialog is closed. */
  template: ChatRemarkTemplate | undefined;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run, sending } = useCommand();

  const confirm = (target: ChatRemarkTemplate) => {
    onClose();
    const params = { template_unique_code: target.template_unique_code };
    return run(() => saveCall(api, deleteChatRemarkTemplateCall, { params }), {
      done: CHAT_REMARK_TEMPLATE_MESSAGES.deleted,
      failed: CHAT_REMARK_TEMPLATE_MESSAGES.deleteFailed,
      after: async (outcome) => {
        if (outcome.status === 'success')
          queryClient.removeQueries({ queryKey: callKey(getChatRemarkTemplateCall, { params }) });
        await queryClient.invalidateQueries({ queryKey: callKeyPrefix(listChatRemarkTemplatesCall) });
        if (outcome.status === 'success') onDeleted();
      },
    });
  };

  return (
    <ConfirmDialog
      open={template !== undefined}
      onCancel={onClose}
      title="定型文の削除"
      confirmLabel="削除する"
      tone="danger"
      sending={sending}
      onConfirm={() => template && void confirm(template)}
    >
      <ConfirmQuestion>
        「{template?.template_title}」を削除しますか？削除した定型文は元に戻せません。
      </ConfirmQuestion>
    </ConfirmDialog>
  );
}
