import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { callKey, callKeyPrefix } from '#server/contracts/call.ts';
import {
  CHAT_REMARK_TEMPLATE_MESSAGES,
  type ChatRemarkTemplate,
  deleteChatRemarkTemplateCall,
  getChatRemarkTemplateCall,
  listChatRemarkTemplatesCall,
} from '#server/contracts/chat-remark-template.ts';
import { Button } from '#client/components/button/button.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { ModalDialog } from '#client/components/dialog/modal-dialog.tsx';
import { useOverlay } from '#client/components/feedback/overlay.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';

const Question = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

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
  const overlay = useOverlay();
  const toast = useToast();

  const confirm = async (target: ChatRemarkTemplate) => {
    onClose();
    overlay.show();
    try {
      const params = { template_unique_code: target.template_unique_code };
      const outcome = await saveCall(api, deleteChatRemarkTemplateCall, { params });
      if (outcome.status === 'success') {
        toast.success(CHAT_REMARK_TEMPLATE_MESSAGES.deleted);
        queryClient.removeQueries({ queryKey: callKey(getChatRemarkTemplateCall, { params }) });
      } else toast.error(CHAT_REMARK_TEMPLATE_MESSAGES.deleteFailed);
      await queryClient.invalidateQueries({ queryKey: callKeyPrefix(listChatRemarkTemplatesCall) });
      if (outcome.status === 'success') onDeleted();
    } catch (error) {
      toast.error(CHAT_REMARK_TEMPLATE_MESSAGES.deleteFailed);
      throw error;
    } finally {
      overlay.hide();
    }
  };

  return (
    <ModalDialog
      open={template !== undefined}
      onClose={onClose}
      title="定型文の削除"
      width={500}
      actions={
        <>
          <Button type="button" onClick={onClose} data-autofocus>
            キャンセル
          </Button>
          <DangerButton type="button" onClick={() => template && void confirm(template)}>
            削除する
          </DangerButton>
        </>
      }
    >
      <Question>「{template?.template_title}」を削除しますか？削除した定型文は元に戻せません。</Question>
    </ModalDialog>
  );
}
