// zod/mini: the profile setting page bundles these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallUpload, defineCall, defineFileCall } from './call.ts';
import { FILE_MISSING_MESSAGE, FILE_TYPE_REFUSED_MESSAGE, IMAGE_CONTENT_TYPES } from './news.ts';
import { isEmptyValue, validationRules } from './validation.ts';

/**
 * The logged-in user's own profile (issue 16, /mypage/setting/profile): names and their kana, the
 * e-mail address, an alternate one, the telephone and a profile picture. Every company-side account
 * (owner, user, employee, partner owner) edits its own account only: no call takes a user's id.
 * Bank staff are refused (company access).
 *
 * The picture's upload is a call with a file (uploadUserProfilePictureCall), its bytes a file read
 * (userProfilePictureFileCall, at userProfilePictureUrl).
 */

// ---------------------------------------------------------------------------------------------
// Limits and messages

/** The users table's lengths. */
export const USER_NAME_MAX_LENGTH = 30;
export const USER_NAME_KANA_MAX_LENGTH = 60;

/** Spec section 9's 2 MB upload constant, as for a company's logo. */
export const USER_PROFILE_PICTURE_MAX_BYTES = 2097152;
/** Told by the file's content, never by its name or the browser's word (SVG is refused: it can run script). */
export const USER_PROFILE_PICTURE_CONTENT_TYPES = IMAGE_CONTENT_TYPES;
/** The multipart field the picture is sent in. */
export const USER_PROFILE_PICTURE_FILE_FIELD = 'file';

/** Not in the spec's tables: the portal's words for what only this page refuses. */
export const USER_PROFILE_MESSAGES = {
  alternateEmailSameAsEmail: '予備のメールアドレスにはメールアドレスと異なるアドレスを入力してください',
  /** The news domain's upload messages, the same words on every upload of the portal. */
  pictureMissing: FILE_MISSING_MESSAGE,
  pictureTypeRefused: FILE_TYPE_REFUSED_MESSAGE,
  pictureTooLarge: `ファイルサイズは${USER_PROFILE_PICTURE_MAX_BYTES / 1048576}MB以内にしてください`,
} as const;

// ---------------------------------------------------------------------------------------------
// The picture's upload and its bytes

/** Where a user's profile picture is read: `${USER_PICTURE_FILES_PATH}/{file_unique_code}`. */
export const USER_PICTURE_FILES_PATH = '/api/v1/user/picture';

export function userProfilePictureUrl(fileUniqueCode: string): string {
  return `${USER_PICTURE_FILES_PATH}/${encodeURIComponent(fileUniqueCode)}`;
}

export const userProfilePictureSchema = z.object({
  /** 32 random hex digits: what the logged-in user's user_profile_picture names. */
  file_unique_code: z.string(),
  /** Where the image is read (userProfilePictureUrl). */
  file_url: z.string(),
});
export type UserProfilePicture = z.infer<typeof userProfilePictureSchema>;

export const userPictureParamsSchema = z.object({
  file_unique_code: z.string().check(z.maxLength(32)),
});

// ---------------------------------------------------------------------------------------------
// The profile

/** The same address written with other capitals is the same mailbox in practice. */
function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The profile's fields as the form holds them and the save takes them (platform spec section 5's
 * rules and messages, the registration form's fields): names and kana required, the e-mail address
 * required; the alternate address, when given, another address than the e-mail; the telephone optional.
 */
export function userProfileFieldsSchema() {
  const rules = validationRules();
  return z
    .object({
      user_last_name: rules.text({ required: true, maxLength: USER_NAME_MAX_LENGTH }),
      user_first_name: rules.text({ required: true, maxLength: USER_NAME_MAX_LENGTH }),
      user_last_name_kana: rules.katakana({ required: true, maxLength: USER_NAME_KANA_MAX_LENGTH }),
      user_first_name_kana: rules.katakana({ required: true, maxLength: USER_NAME_KANA_MAX_LENGTH }),
      user_email: rules.email({ required: true }),
      user_alternate_email: rules.email(),
      user_tel: rules.phone(),
    })
    .check(
      z.superRefine((value, context) => {
        const alternate = value.user_alternate_email;
        if (typeof alternate !== 'string' || isEmptyValue(alternate)) return;
        if (sameAddress(alternate, value.user_email))
          context.addIssue({
            code: 'custom',
            message: USER_PROFILE_MESSAGES.alternateEmailSameAsEmail,
            path: ['user_alternate_email'],
            input: alternate,
          });
      }),
    );
}
export type UserProfileFields = z.output<ReturnType<typeof userProfileFieldsSchema>>;

export const userProfileSchema = z.object({
  user_unique_code: z.string(),
  /** Shown, not edited here. */
  user_login_id: z.string(),
  user_last_name: z.string(),
  user_first_name: z.string(),
  user_last_name_kana: z.string(),
  user_first_name_kana: z.string(),
  user_email: z.string(),
  /**
   * The address the user asked to change to, until the link mailed to it is followed (the newest
   * request still valid); null when none waits (email-change.ts).
   */
  user_pending_email: z.nullable(z.string()),
  user_alternate_email: z.nullable(z.string()),
  user_tel: z.nullable(z.string()),
  user_profile_picture: z.nullable(userProfilePictureSchema),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** The profile as a save left it, and whether the save mailed a link to confirm a new address. */
export const userProfileSavedSchema = z.object({
  ...userProfileSchema.shape,
  email_confirmation_sent: z.boolean(),
});

export const getUserProfileCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/user/profile',
  result: userProfileSchema,
  access: 'company',
  summary: '自分のプロフィールの取得',
  description:
    'ログイン中の利用者自身のプロフィール（氏名、カナ、メールアドレス、予備のメールアドレス、電話番号、プロフィール画像）を返します。企業の利用者のみ（行員は 403）。',
});

export const saveUserProfileCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/user/profile/save',
  body: userProfileFieldsSchema(),
  result: userProfileSavedSchema,
  access: 'company',
  refusedWhileSwitched: true,
  summary: '自分のプロフィールの保存',
  description:
    'ログイン中の利用者自身のプロフィールを保存します（氏名の変更はアプリバーの表示にすぐ反映されます）。メールアドレスを変えた場合は、新しいアドレスに確認のリンクを、これまでのアドレスにお知らせを送り、リンクが開かれるまでメールアドレスは変わりません（user_pending_email）。企業の利用者のみ（行員は 403）。ユーザー切り替え中は 403 です。',
});

/** The picture's one file: an image of at most USER_PROFILE_PICTURE_MAX_BYTES, its type told by its content. */
export const USER_PROFILE_PICTURE_UPLOAD: CallUpload = {
  field: USER_PROFILE_PICTURE_FILE_FIELD,
  missingMessage: USER_PROFILE_MESSAGES.pictureMissing,
  limits: {
    maxBytes: USER_PROFILE_PICTURE_MAX_BYTES,
    contentTypes: USER_PROFILE_PICTURE_CONTENT_TYPES,
    messages: {
      tooLarge: USER_PROFILE_MESSAGES.pictureTooLarge,
      typeRefused: USER_PROFILE_MESSAGES.pictureTypeRefused,
    },
  },
};

export const uploadUserProfilePictureCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/user/profile_picture',
  upload: USER_PROFILE_PICTURE_UPLOAD,
  result: userProfilePictureSchema,
  access: 'company',
  summary: '自分のプロフィール画像のアップロード',
  description: `ログイン中の利用者自身のプロフィール画像（${USER_PROFILE_PICTURE_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で受け取り、すぐにプロフィール画像にします（前の画像は削除します）。形式はファイルの中身で判定します。企業の利用者のみ（行員は 403）。`,
});

export const userProfilePictureFileCall = /* @__PURE__ */ defineFileCall({
  domain: 'settings',
  method: 'GET',
  path: `${USER_PICTURE_FILES_PATH}/:file_unique_code`,
  params: userPictureParamsSchema,
  access: 'login',
  answers: 'file',
  summary: '利用者のプロフィール画像の取得',
  description:
    '利用者のプロフィール画像を返します（そのまま表示: inline）。その金融機関にログインしている利用者（企業の利用者と行員）が読めます。それ以外は、画像があるかどうかを伝えないよう、すべて 404 です。',
});

export const deleteUserProfilePictureCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'DELETE',
  path: '/api/v1/user/profile_picture',
  result: z.object({ user_profile_picture: z.literal(null) }),
  access: 'company',
  summary: '自分のプロフィール画像の削除',
  description:
    'ログイン中の利用者自身のプロフィール画像を外し、その画像を削除します（画像がなければ何もしません）。企業の利用者のみ（行員は 403）。',
});
