// zod/mini: the /disconnect/broker page bundles these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';

/**
 * Unlinking the portal from the identity-broker account a user logs in with (issue 16 item 10,
 * /disconnect/broker). Each login through the bank's provider links the account it named (or stamps
 * the link's last login): user_identity_links keeps the provider, the subject, when the link was made
 * and the last login through it. Disconnecting removes the user's links, ends every session the user
 * has at the bank's portal, revokes the portal's grant at the provider, and sends the browser
 * through the provider's logout to /login, so the next login asks for the password there and links
 * the account again (decision 0087).
 *
 * Who: any logged-in user (bank staff too: they log in through the same provider). A staff member
 * acting as a user (impersonation) has no link of that user's to remove: the page says so and the
 * command is refused with 403, as a password change is.
 */

export const DISCONNECT_BROKER_PAGE_PATH = '/disconnect/broker';

/** Not in the spec: the portal's words for this page. */
export const IDENTITY_LINK_MESSAGES = {
  disconnectFailed: 'アカウント連携の解除に失敗しました',
  impersonating: 'ユーザー切り替え中は、アカウント連携を解除できません。',
  notLinked: '連携しているアカウントはありません。',
} as const;

/** The provider every portal user logs in with today (users.user_provider's default; GET /api/v1/login/callback/bamidp). */
export const BANK_IDENTITY_PROVIDER = 'bamidp';

/**
 * The provider as the bank's users know it. The tenant file names no provider: the bank's provider
 * titles its login page 「{bank_name} ログイン」, which is where the user linked the account.
 */
export function identityProviderName(provider: string, bankName: string): string {
  return provider === BANK_IDENTITY_PROVIDER ? `${bankName} ログイン` : provider;
}

export const identityLinkSchema = z.object({
  /** The provider's code (bamidp). */
  provider: z.string(),
  /** How the page names it: identityProviderName. */
  provider_name: z.string(),
  /** The subject the provider named, masked: its first and last characters only. */
  masked_subject: z.string(),
  /** When the account was linked (its first login since the last unlinking). */
  linked_at: z.string(),
  /** The last login through it. */
  last_login_at: z.string(),
});
export type IdentityLink = z.infer<typeof identityLinkSchema>;

export const identityLinkStateSchema = z.object({
  /** The session is a staff member acting as this user: nothing is theirs to unlink here. */
  impersonating: z.boolean(),
  /** The user's linked accounts, empty while impersonating; the oldest link first. */
  links: z.array(identityLinkSchema),
});
export type IdentityLinkState = z.infer<typeof identityLinkStateSchema>;

export const disconnectResultSchema = z.object({
  /**
   * Where the browser goes now: the provider's logout (its end-session endpoint, which then sends
   * the browser to /login), or /login itself when the provider cannot be reached.
   */
  redirect_to: z.string(),
});

export const getIdentityLinksCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/user/identity_link',
  result: identityLinkStateSchema,
  access: 'login',
  summary: '認証サービスとの連携の取得',
  description:
    'ログイン中の利用者が連携している認証サービスのアカウント（認証サービス名、伏せ字にした識別子、連携日時、最終ログイン日時）を返します。ユーザー切り替え中は impersonating が true で、連携は返しません。',
});

export const disconnectIdentityLinkCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/user/identity_link/disconnect',
  result: disconnectResultSchema,
  access: 'login',
  refusedWhileSwitched: true,
  summary: '認証サービスとの連携の解除',
  description:
    'ログイン中の利用者の認証サービスとの連携を解除します。利用者のすべてのセッション（ほかの端末・ブラウザを含む）が終了し、認証サービスの許可（グラント）を取り消します。redirect_to は認証サービスのログアウトを経てログイン画面に戻る URL です。次回のログインで改めて連携されます。ユーザー切り替え中は 403 です。',
});
