import {
  USER_PROFILE_PICTURE_CONTENT_TYPES,
  USER_PROFILE_PICTURE_MAX_BYTES,
  type UserProfilePicture,
} from '#server/contracts/user-profile.ts';
import { type ImageChoice, ImageFileField } from '#client/components/form/image-file-field.tsx';

/** What the user has asked of the picture: a new image to upload, or the current one taken away. */
export type PictureChoice = ImageChoice;

export const PICTURE_FIELD_NAME = 'user_profile_picture';

export interface ProfilePictureFieldProps {
  /** The picture the user has now. */
  current: UserProfilePicture | null;
  choice: PictureChoice;
  error: string | undefined;
  onChange(choice: PictureChoice): void;
}

/**
 * The user's profile picture (プロフィール画像): the current one, a file to replace it with, or a
 * tick to take it away. Nothing is sent until the form is saved; the server tells the file's type
 * by its content.
 */
export function ProfilePictureField(props: ProfilePictureFieldProps) {
  return (
    <ImageFileField
      name={PICTURE_FIELD_NAME}
      label="プロフィール画像"
      hint={`PNG・JPEG・GIF・WebPの画像（${USER_PROFILE_PICTURE_MAX_BYTES / 1048576}MBまで）。`}
      currentAlt="現在のプロフィール画像"
      noneText="プロフィール画像は登録されていません。"
      removeLabel="プロフィール画像を削除する"
      contentTypes={USER_PROFILE_PICTURE_CONTENT_TYPES}
      shape="round"
      {...props}
    />
  );
}
