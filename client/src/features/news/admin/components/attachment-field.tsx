import { type ChangeEvent, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENTS_PER_ARTICLE_MAX,
  FILE_MAX_BYTES,
  TOO_MANY_ATTACHMENTS_MESSAGE,
  type UploadedFile,
} from '#server/contracts/news.ts';
import { Button } from '#client/components/button/button.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { formatFileSize } from '#client/lib/file-size.ts';
import { uploadFile } from '../upload-file.ts';

const Files = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing.sm};
    align-items: center;
    justify-content: space-between;
    padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-radius: ${({ theme }) => theme.radii.sm};
  }

  a {
    color: ${({ theme }) => theme.colors.link};
    overflow-wrap: anywhere;
  }
`;

const Size = styled.span`
  margin-left: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Picker = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;

  input {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
  }

  input:focus-visible + label {
    outline: 2px solid ${({ theme }) => theme.colors.borderFocus};
    outline-offset: 2px;
  }
`;

/** The picker's label drawn as a button: pressing it (or Enter/Space on the input) opens the file dialog. */
const PickLabel = styled.label`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
`;

const Status = styled.p<{ $error: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme, $error }) => ($error ? theme.typography.fontWeightBold : 'normal')};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

/**
 * An item's attachments: each uploaded as soon as it is picked (POST /api/v1/admin/files), listed
 * with its name and size, removable; a refused file says why (too large, a type its content may not
 * be, one too many). The item's save sends the codes of the files listed.
 */
export function AttachmentField({
  id,
  files,
  onChange,
  error,
  describedBy,
}: {
  id: string;
  files: readonly UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  /** A message the save answered for the attachments. */
  error?: string;
  describedBy?: string;
}) {
  const api = useApiClient();
  const [progress, setProgress] = useState<{ message: string; error: boolean }>();
  const [busy, setBusy] = useState(false);
  const statusId = useId();
  const listed = useRef(files);
  listed.current = files;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (picked.length === 0) return;
    setBusy(true);
    let current = [...listed.current];
    try {
      for (const file of picked) {
        if (current.length >= ATTACHMENTS_PER_ARTICLE_MAX) {
          setProgress({ message: TOO_MANY_ATTACHMENTS_MESSAGE, error: true });
          return;
        }
        setProgress({ message: `${file.name} をアップロードしています…`, error: false });
        const outcome = await uploadFile(api, 'attachment', file);
        if (outcome.status === 'error') {
          setProgress({ message: `${file.name}：${outcome.message}`, error: true });
          return;
        }
        current = [...current, outcome.file];
        onChange(current);
      }
      setProgress(undefined);
    } finally {
      setBusy(false);
    }
  };

  const shownError = progress?.error ? progress.message : error;
  return (
    <>
      {files.length > 0 && (
        <Files aria-label="添付ファイル一覧">
          {files.map((file) => (
            <li key={file.file_unique_code}>
              <span>
                <a href={file.file_url} target="_blank" rel="noopener noreferrer">
                  {file.file_name}
                </a>
                <Size>{formatFileSize(file.file_size)}</Size>
              </span>
              <Button
                type="button"
                aria-label={`${file.file_name}を削除`}
                onClick={() =>
                  onChange(files.filter((kept) => kept.file_unique_code !== file.file_unique_code))
                }
              >
                削除
              </Button>
            </li>
          ))}
        </Files>
      )}
      <Picker>
        <input
          id={id}
          type="file"
          multiple
          disabled={busy || files.length >= ATTACHMENTS_PER_ARTICLE_MAX}
          accept={ATTACHMENT_CONTENT_TYPES.join(',')}
          aria-describedby={
            [describedBy, shownError || progress ? statusId : undefined].filter(Boolean).join(' ') ||
            undefined
          }
          aria-invalid={shownError !== undefined}
          onChange={(event) => void pick(event)}
        />
        <PickLabel htmlFor={id}>ファイルを選択</PickLabel>
        <Status as="span" $error={false}>
          PDF・画像・Word・Excel・PowerPoint、{FILE_MAX_BYTES.attachment / 1048576}MBまで、
          {ATTACHMENTS_PER_ARTICLE_MAX}件まで
        </Status>
      </Picker>
      {(shownError ?? progress) && (
        <Status id={statusId} role={shownError ? 'alert' : 'status'} $error={shownError !== undefined}>
          {shownError ?? progress?.message}
        </Status>
      )}
    </>
  );
}
