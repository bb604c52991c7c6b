import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { type ArticleKind, type UploadedFile } from '#server/contracts/news.ts';
import { staffArticleCalls } from '#server/contracts/news-staff.ts';
import { Button } from '#client/components/button/button.tsx';
import { ModalDialog } from '#client/components/dialog/modal-dialog.tsx';
import { RichTextContent } from '#client/components/rich-text/rich-text-content.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { callQuery } from '#client/lib/request/call-client.ts';
import { ArticleContent } from '#client/features/news/company/components/article-view.tsx';

/** What the preview shows besides the body: the form's values as they stand. */
export interface ArticlePreviewContent {
  title: string;
  body: string;
  /** The publication start as entered (YYYY-MM-DD), shown as companies see dates. */
  publishStart: string;
  categoryName: string | undefined;
  providerName: string;
  attachments: readonly UploadedFile[];
}

const Notice = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-weight: ${({ theme, $error }) => ($error ? theme.typography.fontWeightBold : 'normal')};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

/**
 * プレビュー: the item as a company will see it (the company pages' ArticleContent). The body goes through the server's sanitiser
 * (POST /api/v1/admin/{segment}/preview), so what shows here is exactly what will be stored and
 * shown: a script or a foreign frame the staff pasted is already gone.
 */
export function ArticlePreviewDialog({
  kind,
  content,
  onClose,
}: {
  kind: ArticleKind;
  /** What to preview; null while the dialog is closed. */
  content: ArticlePreviewContent | null;
  onClose: () => void;
}) {
  const api = useApiClient();
  const body = content?.body ?? '';
  const preview = useQuery({
    ...callQuery(api, staffArticleCalls[kind].preview, { body: { article_body: body } }),
    select: (result) => result.article_body,
    enabled: content !== null,
    // Each opening shows the body as it is now: nothing kept once the dialog is closed.
    gcTime: 0,
  });
  return (
    <ModalDialog
      open={content !== null}
      onClose={onClose}
      title="プレビュー"
      width={900}
      actions={
        <Button type="button" onClick={onClose}>
          閉じる
        </Button>
      }
    >
      {content && (
        <ArticleContent
          label="プレビューの内容"
          title={content.title || '（タイトル未入力）'}
          publishStart={content.publishStart}
          categoryName={content.categoryName}
          providerName={content.providerName}
          attachments={content.attachments}
          titleLevel={3}
          body={
            <>
              {preview.isPending && <Notice role="status">本文を準備しています…</Notice>}
              {preview.isError && (
                <Notice role="alert" $error>
                  プレビューを表示できませんでした
                </Notice>
              )}
              {preview.data !== undefined && <RichTextContent html={preview.data} />}
            </>
          }
        />
      )}
    </ModalDialog>
  );
}
