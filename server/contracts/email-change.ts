// zod/mini: the e-mail confirmation page bundles these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { RANDOM_TOKEN_PATTERN } from './random-token-format.ts';

/**
 * A changed e-mail address is confirmed by its mailbox (issue 28 item 2, decision 0096). Saving a
 * profile with another address keeps the old one and mails a link to the new address, valid
 * EMAIL_CHANGE_LINK_VALID_HOURS hours and once, and a notice to the old address. The link opens
 * EMAIL_CHANGE_CONFIRM_PAGE_PATH with its token in the fragment (`/email/confirm#token=…`: the token
 * reaches no server log and no Referer), and the page sends it in a POST body; only then does the
 * address change. The link alone proves the mailbox: no login is needed to follow it.
 */

export const EMAIL_CHANGE_LINK_VALID_HOURS = 24;
/** The page the link opens (plain layout, anyone). */
export const EMAIL_CHANGE_CONFIRM_PAGE_PATH = '/email/confirm';
/** The fragment key of the link's token: `/email/confirm#token=…`. */
export const EMAIL_CHANGE_TOKEN_FRAGMENT_KEY = 'token';

/** Not in the spec: the portal's words for the confirmation. */
export const EMAIL_CHANGE_MESSAGES = {
  confirmationSent:
    '新しいメールアドレスに確認のメールをお送りしました。メールに記載のリンクを開くと、メールアドレスの変更が完了します。',
  pendingLabel: '確認待ちのメールアドレス',
  pendingNote: `確認のメールのリンクを開くまでは、これまでのメールアドレスのままです（リンクの有効期限は${EMAIL_CHANGE_LINK_VALID_HOURS}時間です）。`,
  confirming: 'メールアドレスを確認しています',
  confirmed: 'メールアドレスの変更が完了しました',
  linkInvalid:
    'このリンクは無効です。お手数ですが、プロフィール設定からもう一度メールアドレスの変更をお手続きください。',
  linkExpired:
    'このリンクの有効期限が切れています。お手数ですが、プロフィール設定からもう一度メールアドレスの変更をお手続きください。',
  linkUsed: 'このリンクは使用済みか、新しいお手続きにより無効になっています。',
} as const;

export const emailChangeConfirmationSchema = z.object({
  token: z.string().check(z.regex(RANDOM_TOKEN_PATTERN, EMAIL_CHANGE_MESSAGES.linkInvalid)),
});

/** POST /api/v1/user/email/confirm: the link's token; the user's address becomes the new one. */
export const confirmEmailChangeCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/user/email/confirm',
  body: emailChangeConfirmationSchema,
  result: z.object({ user_email: z.string() }),
  access: 'public',
  refusedWhileSwitched: true,
  summary: 'メールアドレス変更の確認',
  description: `メールアドレス変更の確認メールのリンク（${EMAIL_CHANGE_LINK_VALID_HOURS}時間・1回限り有効）のトークンを受け取り、利用者のメールアドレスを新しいアドレスに変更します。形の正しくないトークンは 400、無効・期限切れ・使用済みのリンクは 422 です。ユーザー切り替え中は 403 です。`,
});
