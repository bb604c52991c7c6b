// zod/mini: the invitation pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallDefinition, defineCall } from './call.ts';
import { RANDOM_TOKEN_PATTERN } from './random-token-format.ts';
import { newPasswordSchema, REMINDER_MESSAGES } from './reminder.ts';
import { VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * An owner invites an employee (platform spec sections 2 and 3: /register/employee/invitation/{id},
 * /register/employee/thankyou): the invitation is mailed as a link valid 7 days, used once, and
 * revocable until used; the invitee registers as a company_employee of the owner's company with a
 * name and a password, and is mailed the login id. The link's id is an unguessable token (only its
 * SHA-256 is stored); the owner's list names invitations by a public code of their own.
 */

export const INVITATION_VALID_DAYS = 7;
/** Who may invite and revoke: the spec's account settings permission (owners by default). */
export const INVITATION_PERMISSION = 'company_setting_account_write';
/** The invitee's page: `${INVITATION_PAGE_PATH}/{token}`. */
export const INVITATION_PAGE_PATH = '/register/employee/invitation';
export const EMPLOYEE_THANK_YOU_PATH = '/register/employee/thankyou';

export const INVITATION_MESSAGES = {
  sent: '招待メールを送信しました',
  revoked: '招待を取り消しました',
  registered: '登録が完了しました',
  /** The link's states, told to the invitee in place of the form. */
  expired: `招待の有効期限（${INVITATION_VALID_DAYS}日間）が過ぎています。企業の管理者に、もう一度招待を依頼してください。`,
  used: 'この招待はすでに使われています。登録済みの方は、ログイン画面からログインしてください。',
  revokedLink: 'この招待は取り消されました。企業の管理者にお問い合わせください。',
  unknown: '招待のURLが正しくありません。メールに記載のURLをもう一度ご確認ください。',
  alreadyMember: 'このメールアドレスの利用者は、すでに登録されています。',
  /** The owner's revoke refused: the invitation cannot be revoked any more. */
  alreadyUsed: 'この招待はすでに使われているため、取り消せません。',
  alreadyRevoked: 'この招待はすでに取り消されています。',
  notPermitted: '従業員を招待する権限がありません。',
  /** A bank whose identity provider keeps the passwords registers its users there. */
  externalProvider:
    'この金融機関では、従業員のアカウントは金融機関の認証サービスで登録します。お取引店にお問い合わせください。',
  rateLimited: '短時間に多くのお申し込みがありました。しばらくしてから再度お試しください。',
  /** One company's invitations past its budget (config EMPLOYEE_INVITATION_RATE_LIMIT_MAX a day). */
  companyRateLimited: '招待メールの送信数が上限に達しました。しばらくしてから再度お試しください。',
} as const;

/**
 * Who invites, lists and revokes: a member of the company holding the account settings permission;
 * anyone else (a user whose company row is gone too) is told they may not (403).
 */
const INVITER = {
  member: { status: 403, message: INVITATION_MESSAGES.notPermitted },
  permissions: { codes: [INVITATION_PERMISSION], message: INVITATION_MESSAGES.notPermitted },
} as const satisfies Pick<CallDefinition, 'member' | 'permissions'>;

const rules = validationRules();

const invitationTokenSchema = z.string().check(z.regex(RANDOM_TOKEN_PATTERN, INVITATION_MESSAGES.unknown));

/**
 * The owner's invitation: the invitee's e-mail address and a name for the owner's own list. The
 * name is the owner's words, and the invitee is outside the company: it never reaches the mail
 * (decision 100).
 */
export const invitationRequestSchema = z.object({
  email: rules.email({ required: true }),
  name: rules.text({ maxLength: 60 }),
});
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

export const INVITATION_STATES = ['pending', 'used', 'revoked', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitationSchema = z.object({
  invitation_unique_code: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  state: z.enum(INVITATION_STATES),
  invited_by_name: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  used_at: z.nullable(z.string()),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the invitee's page shows before the form: whose invitation, for which address. */
export const invitationCheckSchema = z.object({ token: invitationTokenSchema });

/** The invitee's registration: the link's token, their name, kana, tel and a password. */
export const employeeRegistrationSchema = z
  .object({
    token: invitationTokenSchema,
    user_last_name: rules.text({ required: true, maxLength: 30 }),
    user_first_name: rules.text({ required: true, maxLength: 30 }),
    user_last_name_kana: rules.katakana({ required: true, maxLength: 60 }),
    user_first_name_kana: rules.katakana({ required: true, maxLength: 60 }),
    user_tel: rules.phone({}),
    password: newPasswordSchema,
    password_confirmation: z.string({ error: VALIDATION_MESSAGES.required }),
    /** The honeypot: a field people never see; a bot that fills it in registers nothing. */
    homepage_url: z.optional(z.string().check(z.maxLength(500))),
  })
  .check(
    z.refine((value) => value.password === value.password_confirmation, {
      message: REMINDER_MESSAGES.passwordMismatch,
      path: ['password_confirmation'],
    }),
  );
export type EmployeeRegistration = z.infer<typeof employeeRegistrationSchema>;

export const inviteEmployeeCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/company/employee/invitations',
  body: invitationRequestSchema,
  result: invitationSchema,
  access: 'company',
  member: INVITER.member,
  permissions: INVITER.permissions,
  refusedWhileSwitched: true,
  summary: '従業員の招待',
  description: `企業の従業員をメールで招待します（リンクは${INVITATION_VALID_DAYS}日間有効、1回限り）。アカウント設定の編集権限（${INVITATION_PERMISSION}）が必要です。同じアドレスへの未使用の招待は取り消して新しくします。登録済みの利用者のアドレスは 422 です。`,
});

export const listInvitationsCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'GET',
  path: '/api/v1/company/employee/invitations',
  result: z.array(invitationSchema),
  access: 'company',
  member: INVITER.member,
  permissions: INVITER.permissions,
  summary: '従業員の招待の一覧',
  description: 'ログイン中の企業の招待を新しい順に返します（使用済み・取り消し・期限切れを含む、直近90日）。',
});

export const revokeInvitationCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/company/employee/invitations/revoke',
  body: z.object({ invitation_unique_code: z.string().check(z.minLength(1), z.maxLength(32)) }),
  result: invitationSchema,
  access: 'company',
  member: INVITER.member,
  permissions: INVITER.permissions,
  summary: '従業員の招待の取り消し',
  description: '未使用の招待を取り消します。使用済み・取り消し済みは 422 です。',
});

export const checkInvitationCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/register/employee/check',
  body: invitationCheckSchema,
  result: z.object({ company_name: z.string(), email: z.string(), expires_at: z.string() }),
  access: 'public',
  reads: true,
  summary: '招待リンクの確認',
  description:
    '招待リンクが使えるか確かめ、招待した企業の名前と招待先のメールアドレスを返します。期限切れ・使用済み・取り消し済み・不明のリンクは、それぞれの理由のメッセージで 404 です。',
});

export const registerEmployeeCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/register/employee',
  body: employeeRegistrationSchema,
  result: z.object({ user_login_id: z.string(), company_name: z.string() }),
  access: 'public',
  summary: '招待された従業員の登録',
  description:
    '招待リンクから、招待した企業の従業員（company_employee）として利用者を登録し、招待を使用済みにして、ログインIDをメールで知らせます（1つのトランザクション）。',
});
