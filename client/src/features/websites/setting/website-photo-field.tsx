import { useState } from 'react';
import styled from 'styled-components';
import {
  WEBSITE_PHOTO_CONTENT_TYPES,
  WEBSITE_PHOTO_MAX_BYTES,
  WEBSITE_PHOTOS_MAX,
  WEBSITE_PHOTO_UPLOAD,
  type WebsitePhoto,
} from '#server/contracts/company-website.ts';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel } from '#client/components/form/form-controls.ts';
import { ImageFileField, NO_IMAGE_CHANGE } from '#client/components/form/image-file-field.tsx';
import { QueuedFileList } from '#client/components/form/queued-file-list.tsx';
import { ThumbnailGrid } from '#client/components/thumbnail-grid.ts';
import { uploadRefusal } from '#client/lib/request/upload-call.ts';

/** The file input's id: the save focuses it when a photo was refused. */
export const PHOTO_FIELD_NAME = 'website_photo';

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface WebsitePhotoFieldProps {
  /** The site's photos as saved. */
  photos: readonly WebsitePhoto[];
  /** The codes ticked for removal at the next save. */
  removals: ReadonlySet<string>;
  /** Files chosen to add at the next save, in order. */
  pending: readonly File[];
  /** The server's refusal of a photo (under the file input). */
  error: string | undefined;
  onToggleRemoval(code: string, remove: boolean): void;
  onAdd(file: File): void;
  onCancel(index: number): void;
}

/**
 * The site's photos (写真): those saved, each with a tick that removes it at the save, the files
 * chosen to add (each may be taken back), and the image field to choose one more while fewer than
 * six would be left. Nothing is sent until the form is saved; the server tells a file's type by its
 * content, the browser refuses what it can tell (size, a type it names) at once.
 */
export function WebsitePhotoField(props: WebsitePhotoFieldProps) {
  const { photos, removals, pending } = props;
  // A new input once a file is taken into the list, so the next choice starts empty.
  const [inputKey, setInputKey] = useState(0);
  const [refusal, setRefusal] = useState<string>();
  const room = WEBSITE_PHOTOS_MAX - (photos.length - removals.size) - pending.length;
  return (
    <>
      <FieldRow
        name="website_photos"
        label="写真"
        naming="group"
        hint={`${WEBSITE_PHOTOS_MAX}枚まで登録できます。`}
      >
        {photos.length === 0 ? (
          <Muted>写真は登録されていません。</Muted>
        ) : (
          <ThumbnailGrid $minWidth="160px" $fit="cover" aria-label="登録済みの写真">
            {photos.map((photo, index) => (
              <li key={photo.file_unique_code}>
                <img src={photo.file_url} alt={`写真 ${index + 1}`} />
                <ChoiceLabel>
                  <input
                    type="checkbox"
                    checked={removals.has(photo.file_unique_code)}
                    onChange={(event) => props.onToggleRemoval(photo.file_unique_code, event.target.checked)}
                  />
                  写真 {index + 1} を削除する
                </ChoiceLabel>
              </li>
            ))}
          </ThumbnailGrid>
        )}
        <QueuedFileList
          label="保存時に追加する写真"
          files={pending}
          noteOf={(file) => `「${file.name}」を保存時に追加します。`}
          cancelLabelOf={(file) => `「${file.name}」の追加を取り消す`}
          onCancel={props.onCancel}
        />
      </FieldRow>
      {room > 0 ? (
        <ImageFileField
          key={inputKey}
          name={PHOTO_FIELD_NAME}
          label="写真を追加"
          hint={`PNG・JPEG・GIF・WebPの画像（${WEBSITE_PHOTO_MAX_BYTES / 1048576}MBまで）。選んだ写真は保存時に追加します。`}
          current={null}
          currentAlt=""
          noneText={`あと${room}枚追加できます。`}
          removeLabel=""
          contentTypes={WEBSITE_PHOTO_CONTENT_TYPES}
          shape="square"
          choice={NO_IMAGE_CHANGE}
          error={refusal ?? props.error}
          onChange={({ file }) => {
            if (!file) return;
            const refused = uploadRefusal(WEBSITE_PHOTO_UPLOAD, file);
            setRefusal(refused);
            if (refused) return;
            props.onAdd(file);
            setInputKey((key) => key + 1);
          }}
        />
      ) : (
        <FieldRow name={PHOTO_FIELD_NAME} label="写真を追加" naming="labelledby" error={props.error}>
          <Muted>
            写真は{WEBSITE_PHOTOS_MAX}枚まで登録できます。追加するには、登録済みの写真を削除してください。
          </Muted>
        </FieldRow>
      )}
    </>
  );
}
