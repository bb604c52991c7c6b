import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { ARTICLE_DELETED_MESSAGE, ARTICLE_KIND_LABELS, type ArticleKind } from '#server/contracts/news.ts';
import { type AdminArticleDetail, staffArticleCalls } from '#server/contracts/news-staff.ts';
import { callKey } from '#server/contracts/call.ts';
import { Button } from '#client/components/button/button.tsx';
import { ModalDialog } from '#client/components/dialog/modal-dialog.tsx';
import { useOverlay } from '#client/components/feedback/overlay.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { ARTICLE_LIST_PATHS } from '../article-paths.ts';

/** What the page says when the delete did not go through. */
export const DELETE_FAILED_MESSAGE = '削除に失敗しました';

const DangerButton = styled(Button)`
  color: ${({ theme }) => theme.colors.onDanger};
  background: ${({ theme }) => theme.colors.danger};
  border-color: ${({ theme }) => theme.colors.danger};

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.danger};
    filter: brightness(0.9);
  }
`;

const Question = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

/**
 * 削除 with a confirmation: the dialog names the item and says what goes with it (reads,
 * applications, files). Deleting is one request; on success the list is shown with 削除しました.
 */
export function DeleteArticleButton({ kind, article }: { kind: ArticleKind; article: AdminArticleDetail }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const overlay = useOverlay();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const label = ARTICLE_KIND_LABELS[kind];

  const confirm = async () => {
    setOpen(false);
    overlay.show();
    try {
      const calls = staffArticleCalls[kind];
      const params = { id: article.article_id };
      const outcome = await saveCall(api, calls.remove, { params });
      if (outcome.status !== 'success') {
        toast.error(DELETE_FAILED_MESSAGE);
        return;
      }
      toast.success(ARTICLE_DELETED_MESSAGE);
      // Away from the item first: its page must not ask for it again once it is gone.
      await navigate(ARTICLE_LIST_PATHS[kind], { replace: true });
      queryClient.removeQueries({ queryKey: callKey(calls.detail, { params }) });
      await queryClient.invalidateQueries({ queryKey: [calls.remove.domain] });
    } catch (error) {
      toast.error(DELETE_FAILED_MESSAGE);
      throw error;
    } finally {
      overlay.hide();
    }
  };

  return (
    <>
      <DangerButton type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        削除
      </DangerButton>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`${label}の削除`}
        width={500}
        actions={
          <>
            <Button type="button" onClick={() => setOpen(false)} data-autofocus>
              キャンセル
            </Button>
            <DangerButton type="button" onClick={() => void confirm()}>
              削除する
            </DangerButton>
          </>
        }
      >
        <Question>
          「{article.article_title}」を削除しますか？
          {kind === 'seminar' ? '申込者の記録・' : '既読の記録・'}
          添付ファイルも削除され、元に戻せません。
        </Question>
      </ModalDialog>
    </>
  );
}
