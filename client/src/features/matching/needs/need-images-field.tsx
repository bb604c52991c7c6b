import { useState } from 'react';
import styled from 'styled-components';
import {
  deleteNeedImageCall,
  MATCHING_MESSAGES,
  NEED_IMAGE_CONTENT_TYPES,
  NEED_IMAGE_MAX_BYTES,
  NEED_IMAGES_MAX,
  type NeedImage,
  type OwnNeed,
} from '#server/contracts/matching.ts';
import { Button } from '#client/components/button/button.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { QueuedFileList } from '#client/components/form/queued-file-list.tsx';
import { ThumbnailGrid } from '#client/components/thumbnail-grid.ts';
import { ConfirmDialog, ConfirmQuestion } from '#client/components/command/confirm-dialog.tsx';
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';

export const IMAGES_FIELD_NAME = 'need_images';

const Image = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface NeedImagesFieldProps {
  /** The need as saved (its images can be taken away); undefined before its first save. */
  needCode: string | undefined;
  images: readonly NeedImage[];
  /** Files chosen, sent once the need's fields are saved. */
  queued: readonly File[];
  error: string | undefined;
  onChoose(files: File[]): void;
  onUnqueue(index: number): void;
  /** An image was taken away: the need as it now stands. */
  onDeleted(need: OwnNeed): void;
}

/**
 * 画像: the need's images (up to NEED_IMAGES_MAX), each taken away at once after asking, and the
 * files chosen to add, which are uploaded one by one once the need's fields are saved (a need
 * must exist before it has images).
 */
export function NeedImagesField({
  needCode,
  images,
  queued,
  error,
  onChoose,
  onUnqueue,
  onDeleted,
}: NeedImagesFieldProps) {
  const api = useApiClient();
  const { run, sending } = useCommand();
  const [asking, setAsking] = useState<{ image: NeedImage; position: number } | null>(null);
  const full = images.length + queued.length >= NEED_IMAGES_MAX;
  const row = {
    name: IMAGES_FIELD_NAME,
    hint: `PNG・JPEG・GIF・WebPの画像を${NEED_IMAGES_MAX}枚まで（1枚${NEED_IMAGE_MAX_BYTES / 1048576}MBまで）。選んだ画像は保存するときに登録します。`,
    error,
  };

  const remove = async (image: NeedImage) => {
    if (needCode === undefined) return;
    const outcome = await run(
      () =>
        saveCall(api, deleteNeedImageCall, {
          params: { ca_unique_code: needCode, file_unique_code: image.file_unique_code },
        }),
      {
        done: MATCHING_MESSAGES.imageDeleted,
        failed: '画像を削除できませんでした',
        serverMessages: 'refusals',
      },
    );
    if (outcome?.status === 'success') {
      onDeleted(outcome.result);
      setAsking(null);
    }
  };
  const close = () => {
    if (!sending) setAsking(null);
  };

  return (
    <FieldRow label="画像" {...row}>
      {images.length > 0 ? (
        <ThumbnailGrid $minWidth="140px" $fit="contain" aria-label="登録済みの画像">
          {images.map((image, index) => (
            <Image key={image.file_unique_code}>
              <img src={image.file_url} alt={`登録済みの画像${index + 1}`} />
              <Button type="button" onClick={() => setAsking({ image, position: index + 1 })}>
                画像{index + 1}を削除
              </Button>
            </Image>
          ))}
        </ThumbnailGrid>
      ) : (
        <Muted>画像は登録されていません。</Muted>
      )}
      <QueuedFileList
        label="保存時に登録する画像"
        files={queued}
        noteOf={(file) => `「${file.name}」を保存時に登録します。`}
        cancelLabelOf={() => '取り消す'}
        onCancel={onUnqueue}
      />
      <input
        {...describedControl(IMAGES_FIELD_NAME, row)}
        type="file"
        multiple
        disabled={full}
        accept={NEED_IMAGE_CONTENT_TYPES.join(',')}
        onChange={(event) => {
          onChoose([...(event.target.files ?? [])]);
          // The same file may be chosen again after it was taken off the list.
          event.target.value = '';
        }}
      />
      {full && <Muted role="status">{MATCHING_MESSAGES.imagesFull}</Muted>}
      <ConfirmDialog
        open={asking !== null}
        onCancel={close}
        title="画像の削除"
        confirmLabel="削除する"
        tone="danger"
        sending={sending}
        onConfirm={() => asking && void remove(asking.image)}
      >
        <ConfirmQuestion>
          画像{asking?.position}を削除しますか？削除した画像は元に戻せません。
        </ConfirmQuestion>
      </ConfirmDialog>
    </FieldRow>
  );
}
