import {
  USER_PROFILE_MESSAGES,
  USER_PROFILE_PICTURE_CONTENT_TYPES,
  USER_PROFILE_PICTURE_FILE_FIELD,
  USER_PROFILE_PICTURE_MAX_BYTES,
  USER_PROFILE_PICTURE_UPLOAD_PATH,
  userProfilePictureSchema,
} from '#server/contracts/user-profile.ts';
import { imageRefusalBeforeUpload } from '#client/components/form/image-file-field.tsx';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveRequest } from '#client/lib/request/save-request.ts';

/** What the browser can tell before sending (see imageRefusalBeforeUpload). */
export function pictureRefusalBeforeUpload(file: File): string | undefined {
  return imageRefusalBeforeUpload(file, {
    maxBytes: USER_PROFILE_PICTURE_MAX_BYTES,
    contentTypes: USER_PROFILE_PICTURE_CONTENT_TYPES,
    messages: {
      tooLarge: USER_PROFILE_MESSAGES.pictureTooLarge,
      typeRefused: USER_PROFILE_MESSAGES.pictureTypeRefused,
    },
  });
}

/**
 * POST /api/v1/user/profile_picture with the one `file`: the user's new picture, in effect at once.
 * A plain route, not a call definition: its body is multipart. A refusal carries its message under `file`.
 */
export function uploadProfilePicture(api: ApiClient, file: File) {
  const form = new FormData();
  form.append(USER_PROFILE_PICTURE_FILE_FIELD, file);
  return saveRequest(api, USER_PROFILE_PICTURE_UPLOAD_PATH, form, { resultSchema: userProfilePictureSchema });
}
