import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { ArticleKind, UploadedFile } from '../../../../../../server/contracts/news.ts';
import { Button } from '../../../../components/button/button.tsx';
import { ModalDialog } from '../../../../components/dialog/modal-dialog.tsx';
import { RichTextContent } from '../../../../components/rich-text/rich-text-content.tsx';
import { formatJapaneseDate } from '../../../../lib/date-format.ts';
import { useApiClient } from '../../../../lib/request/api-client-context.ts';
import { previewArticleBody } from '../api/admin-articles.ts';
import { formatFileSize } from '../article-display.ts';

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

const Header = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding-bottom: ${({ theme }) => theme.spacing.md};
  border-bottom: 2px solid ${({ theme }) => theme.colors.main};
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Tag = styled.span`
  padding: 0 ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  line-height: 1.4;
  overflow-wrap: anywhere;
`;

const Attachments = styled.section`
  margin-top: ${({ theme }) => theme.spacing.lg};

  h4 {
    margin: 0 0 ${({ theme }) => theme.spacing.xs};
  }

  ul {
    margin: 0;
    padding-left: 1.25em;
  }

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const Notice = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-weight: ${({ theme, $error }) => ($error ? theme.typography.fontWeightBold : 'normal')};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

/**
 * プレビュー: the item as a company will see it. The body goes through the server's sanitiser
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
    queryKey: ['news', 'admin', kind, 'preview', body],
    queryFn: () => previewArticleBody(api, kind, body),
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
        <article aria-label="プレビューの内容">
          <Header>
            <Meta>
              {content.publishStart && (
                <time dateTime={content.publishStart}>{formatJapaneseDate(content.publishStart)}</time>
              )}
              {content.categoryName && <Tag>{content.categoryName}</Tag>}
              {content.providerName && <span>提供：{content.providerName}</span>}
            </Meta>
            <Title>{content.title || '（タイトル未入力）'}</Title>
          </Header>
          {preview.isPending && <Notice role="status">本文を準備しています…</Notice>}
          {preview.isError && (
            <Notice role="alert" $error>
              プレビューを表示できませんでした
            </Notice>
          )}
          {preview.data !== undefined && <RichTextContent html={preview.data} />}
          {content.attachments.length > 0 && (
            <Attachments aria-label="添付ファイル">
              <h4>添付ファイル</h4>
              <ul>
                {content.attachments.map((file) => (
                  <li key={file.file_unique_code}>
                    <a href={file.file_url} target="_blank" rel="noopener noreferrer">
                      {file.file_name}
                    </a>{' '}
                    （{formatFileSize(file.file_size)}）
                  </li>
                ))}
              </ul>
            </Attachments>
          )}
        </article>
      )}
    </ModalDialog>
  );
}
