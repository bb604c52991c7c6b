// zod/mini: the reminder pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { RANDOM_TOKEN_PATTERN } from './random-token-format.ts';
import { EMAIL_MAX_LENGTH, validationRules, VALIDATION_MESSAGES } from './validation.ts';

/**
 * The password reminder (/reminder → /reminder/completed): a user who forgot the password asks by
 * login id or e-mail address, gets a link valid 30 minutes and once, and sets a new password. The
 * link carries its token in the fragment (`/reminder#token=…`), so the token reaches no server log
 * and no Referer; the page sends it in a POST body.
 */

export const RESET_LINK_VALID_MINUTES = 30;
/** The first password of an approved company's owner is set through a link valid this long. */
export const FIRST_PASSWORD_LINK_VALID_DAYS = 7;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** The fragment key of the link's token: `/reminder#token=…`. */
export const RESET_TOKEN_FRAGMENT_KEY = 'token';

export const REMINDER_MESSAGES = {
  /** The one answer to every request, whether or not an account matched (no account enumeration). */
  requested:
    'ご登録のメールアドレスにパスワード再設定のご案内をお送りしました。メールが届かない場合は、入力内容をご確認のうえ、再度お手続きください。',
  linkInvalid: 'このリンクは無効です。お手数ですが、もう一度パスワード再設定のお手続きをお願いします。',
  linkExpired:
    'このリンクの有効期限が切れています。お手数ですが、もう一度パスワード再設定のお手続きをお願いします。',
  linkUsed: 'このリンクは使用済みです。パスワードを再設定する場合は、もう一度お手続きをお願いします。',
  completed: 'パスワードを再設定しました',
  passwordTooShort: `${PASSWORD_MIN_LENGTH}文字以上で入力してください`,
  passwordCharacters: '半角英数字と記号で入力してください',
  passwordNeedsLettersAndDigits: '半角英字と半角数字をそれぞれ1文字以上含めてください',
  passwordMismatch: 'パスワードが一致しません',
  passwordCommon: 'よく使われているパスワードは使用できません。推測されにくいパスワードを入力してください',
  /** The bank's provider keeps passwords: the portal cannot reset them. */
  externalProvider: 'パスワードの再設定は、ログイン画面のパスワード再設定ページからお手続きください。',
} as const;

const rules = validationRules();

export const reminderRequestSchema = z.object({
  login_id_or_email: rules.text({ required: true, maxLength: EMAIL_MAX_LENGTH }),
  /** The honeypot: a field people never see; a bot that fills it in is answered as usual and ignored. */
  homepage_url: z.optional(z.string().check(z.maxLength(500))),
});
export type ReminderRequest = z.infer<typeof reminderRequestSchema>;

const resetTokenSchema = z.string().check(z.regex(RANDOM_TOKEN_PATTERN, REMINDER_MESSAGES.linkInvalid));

export const resetLinkSchema = z.object({ token: resetTokenSchema });

/**
 * Passwords that meet the length and character rules but are among the first any attacker tries
 * (lists of leaked passwords, keyboard walks, the service's own words). Compared case aside.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword1',
  'abc12345',
  'abcd1234',
  'abc123456',
  'a1234567',
  'a12345678',
  'qwerty12',
  'qwerty123',
  'qwerty1234',
  'qwer1234',
  'asdf1234',
  'zxcv1234',
  '1qaz2wsx',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'iloveyou1',
  'letmein1',
  'welcome1',
  'welcome123',
  'admin123',
  'admin1234',
  'test1234',
  'pass1234',
  'user1234',
  'login123',
  'monkey123',
  'dragon123',
  'sunshine1',
  'princess1',
  'football1',
  'baseball1',
  'trustno1',
  'demo-password1',
  'bank1234',
  'tokyo2020',
  'japan123',
  'nippon123',
];

const COMMON = new Set(COMMON_PASSWORDS.map((password) => password.toLowerCase()));

/** Whether the password is one of the common ones (case aside). */
export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());

/** Printable ASCII (half-width letters, digits and symbols), no spaces. */
const PASSWORD_CHARACTERS = /^[\x21-\x7e]*$/;

export const newPasswordSchema = rules.text({ required: true, maxLength: PASSWORD_MAX_LENGTH }).check(
  z.superRefine((password, context) => {
    if (password.length === 0) return;
    const problem = !PASSWORD_CHARACTERS.test(password)
      ? REMINDER_MESSAGES.passwordCharacters
      : password.length < PASSWORD_MIN_LENGTH
        ? REMINDER_MESSAGES.passwordTooShort
        : !/[A-Za-z]/.test(password) || !/[0-9]/.test(password)
          ? REMINDER_MESSAGES.passwordNeedsLettersAndDigits
          : isCommonPassword(password)
            ? REMINDER_MESSAGES.passwordCommon
            : undefined;
    if (problem) context.addIssue({ code: 'custom', message: problem, input: password });
  }),
);

export const passwordResetSchema = z
  .object({
    token: resetTokenSchema,
    password: newPasswordSchema,
    password_confirmation: z.string({ error: VALIDATION_MESSAGES.required }),
  })
  .check(
    z.refine((value) => value.password === value.password_confirmation, {
      message: REMINDER_MESSAGES.passwordMismatch,
      path: ['password_confirmation'],
    }),
  );
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** POST /api/v1/reminder: mails a reset link to the account named, if there is one; the same answer either way. */
export const requestPasswordResetCall = /* @__PURE__ */ defineCall({
  domain: 'reminder',
  method: 'POST',
  path: '/api/v1/reminder',
  body: reminderRequestSchema,
  result: z.object({}),
  access: 'public',
  summary: 'パスワード再設定の申し込み',
});

/** POST /api/v1/reminder/check: whether a reset link can still be used, and for which login id. */
export const checkResetLinkCall = /* @__PURE__ */ defineCall({
  domain: 'reminder',
  method: 'POST',
  path: '/api/v1/reminder/check',
  body: resetLinkSchema,
  result: z.object({ user_login_id: z.string() }),
  access: 'public',
  reads: true,
  summary: 'パスワード再設定リンクの確認',
});

/** POST /api/v1/reminder/reset: sets the new password, uses up the link and ends the user's sessions. */
export const resetPasswordCall = /* @__PURE__ */ defineCall({
  domain: 'reminder',
  method: 'POST',
  path: '/api/v1/reminder/reset',
  body: passwordResetSchema,
  result: z.object({}),
  access: 'public',
  summary: 'パスワードの再設定',
});
