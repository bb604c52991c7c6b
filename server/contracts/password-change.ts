// zod/mini: the settings page bundles these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import {
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REMINDER_MESSAGES,
} from './reminder.ts';
import { VALIDATION_MESSAGES } from './validation.ts';

/**
 * /mypage/setting/password: a company user changes their own password (issue 16). The new password
 * follows the reminder's rules (reminder.ts: length, characters, letters and digits) and, here, is
 * also checked against a list of passwords too common to keep anyone out. A change ends the user's
 * other sessions; the one that made it stays logged in. A bank whose identity provider keeps the
 * passwords (its tenant file's oidc.password_reset_url) has them changed there.
 */

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** A current password longer than this is wrong anyway: refused before any hash is computed. */
export const CURRENT_PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_CHANGE_MESSAGES = {
  changed: 'パスワードを変更しました',
  currentPasswordWrong: '現在のパスワードが正しくありません',
  sameAsCurrent: '現在のパスワードとは異なるパスワードを入力してください',
  commonPassword: REMINDER_MESSAGES.passwordCommon,
  passwordMismatch: REMINDER_MESSAGES.passwordMismatch,
  /** The bank's provider keeps the passwords: the portal cannot change them. */
  externalProvider: 'パスワードの変更は、金融機関のパスワード変更ページからお手続きください。',
  rateLimited: '短時間に多くの変更が試みられました。しばらくしてから再度お試しください。',
} as const;

/** The rules as the page states them, one line each. */
export const PASSWORD_RULES: readonly string[] = [
  `${PASSWORD_MIN_LENGTH}〜${PASSWORD_MAX_LENGTH}文字の半角英数字・記号で入力してください。`,
  '英字と数字をそれぞれ1文字以上含めてください。',
  'よく使われているパスワード（password1、qwerty123 など）は使用できません。',
  '現在のパスワードと同じパスワードは使用できません。',
];

export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: VALIDATION_MESSAGES.required })
      .check(
        z.minLength(1, VALIDATION_MESSAGES.required),
        z.maxLength(CURRENT_PASSWORD_MAX_LENGTH, PASSWORD_CHANGE_MESSAGES.currentPasswordWrong),
      ),
    password: newPasswordSchema,
    password_confirmation: z.string({ error: VALIDATION_MESSAGES.required }),
  })
  .check(
    z.refine((value) => value.password === value.password_confirmation, {
      message: PASSWORD_CHANGE_MESSAGES.passwordMismatch,
      path: ['password_confirmation'],
    }),
    z.refine((value) => value.current_password === '' || value.password !== value.current_password, {
      message: PASSWORD_CHANGE_MESSAGES.sameAsCurrent,
      path: ['password'],
    }),
  );
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** POST /api/v1/setting/password: changes the user's own password and ends their other sessions. */
export const changePasswordCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/setting/password',
  body: passwordChangeSchema,
  result: z.object({}),
  access: 'company',
  refusedWhileSwitched: true,
  summary: 'パスワードの変更',
});
