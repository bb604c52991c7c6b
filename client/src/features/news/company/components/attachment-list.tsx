import { useId } from 'react';
import styled from 'styled-components';
import type { UploadedFile } from '#server/contracts/news.ts';
import { formatFileSize } from '#client/lib/file-size.ts';

/** What the reader knows a file as, by its (content-checked) type. */
const FILE_TYPE_NAMES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG画像',
  'image/jpeg': 'JPEG画像',
  'image/gif': 'GIF画像',
  'image/webp': 'WebP画像',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
};

const Section = styled.section`
  margin-top: ${({ theme }) => theme.spacing.xl};
  padding-top: ${({ theme }) => theme.spacing.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.typography.fontSizeBase};
`;

const Files = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${({ theme }) => theme.colors.link};
    overflow-wrap: anywhere;
  }
`;

const Size = styled.span`
  margin-left: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * An item's attachments: each a link to the file, with its type and size; nothing when it has none.
 * The heading sits one level under the item's title.
 */
export function AttachmentList({
  files,
  headingLevel,
}: {
  files: readonly UploadedFile[];
  headingLevel: 2 | 3 | 4;
}) {
  const headingId = useId();
  if (files.length === 0) return null;
  return (
    <Section aria-labelledby={headingId}>
      <Heading as={`h${headingLevel}`} id={headingId}>
        添付ファイル
      </Heading>
      <Files>
        {files.map((file) => (
          <li key={file.file_unique_code}>
            <a href={file.file_url} download={file.file_name}>
              {file.file_name}
            </a>
            <Size>
              （
              {[FILE_TYPE_NAMES[file.file_content_type], formatFileSize(file.file_size)]
                .filter(Boolean)
                .join('・')}
              ）
            </Size>
          </li>
        ))}
      </Files>
    </Section>
  );
}
