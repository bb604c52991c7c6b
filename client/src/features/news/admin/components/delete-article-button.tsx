import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '#client/lib/router/index.ts';
import { ARTICLE_DELETED_MESSAGE, ARTICLE_KIND_LABELS, type ArticleKind } from '#server/contracts/news.ts';
import { type AdminArticleDetail, staffArticleCalls } from '#server/contracts/news-staff.ts';
import { callKey } from '#server/contracts/call.ts';
import {
  ConfirmDialog,
  ConfirmQuestion,
  useConfirmedCommand,
} from '#client/components/command/confirm-dialog.tsx';
import { DangerButton } from '#client/components/danger-button.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { ARTICLE_LIST_PATHS } from '../article-paths.ts';

/** What the page says when the delete did not go through. */
export const DELETE_FAILED_MESSAGE = '削除に失敗しました';

/**
 * 削除 with a confirmation: the dialog names the item and says what goes with it (reads,
 * applications, files). Deleting is one request; on success the list is shown with 削除しました.
 */
export function DeleteArticleButton({ kind, article }: { kind: ArticleKind; article: AdminArticleDetail }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deletion = useConfirmedCommand();
  const label = ARTICLE_KIND_LABELS[kind];

  const confirm = () => {
    const calls = staffArticleCalls[kind];
    const params = { id: article.article_id };
    return deletion.confirm(() => saveCall(api, calls.remove, { params }), {
      done: ARTICLE_DELETED_MESSAGE,
      failed: DELETE_FAILED_MESSAGE,
      after: async (outcome) => {
        if (outcome.status !== 'success') return;
        // Away from the item first: its page must not ask for it again once it is gone.
        await navigate(ARTICLE_LIST_PATHS[kind], { replace: true });
        queryClient.removeQueries({ queryKey: callKey(calls.detail, { params }) });
        await queryClient.invalidateQueries({ queryKey: [calls.remove.domain] });
      },
    });
  };

  return (
    <>
      <DangerButton type="button" aria-haspopup="dialog" onClick={deletion.ask}>
        削除
      </DangerButton>
      <ConfirmDialog
        {...deletion.dialog}
        title={`${label}の削除`}
        confirmLabel="削除する"
        tone="danger"
        onConfirm={() => void confirm()}
      >
        <ConfirmQuestion>
          「{article.article_title}」を削除しますか？
          {kind === 'seminar' ? '申込者の記録・' : '既読の記録・'}
          添付ファイルも削除され、元に戻せません。
        </ConfirmQuestion>
      </ConfirmDialog>
    </>
  );
}
