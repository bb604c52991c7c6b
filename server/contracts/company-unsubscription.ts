// zod/mini: the company detail page bundles these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { isAdmin } from './account-types.ts';
import { defineCall } from './call.ts';
import { japanDateString } from './japan-day.ts';
import { REGISTRATION_MESSAGES } from './registration-form.ts';
import { VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * A company's leaving (admin spec: "Company detail: an unsubscribe action reserves unsubscription";
 * POST /api/v1/company/unsubscribe and its hgba portal twin). The bank's admins reserve it for the
 * end of a month, with a reason of the unsubscribe_reasons master; until that day has passed it can
 * be cancelled. The day after, the unsubscription job (server/api/companies/unsubscription-job.ts)
 * disables the company and its users and ends their sessions; the data stays for the retention
 * period (README).
 *
 * One reservation per company: reserving while one stands is refused (422), as a reservation is
 * changed by cancelling it first, so that of two admins reserving at once one wins and the other is
 * told rather than silently overwritten.
 *
 * Who: system_admin and bank_admin only (access 'admin'), as for the registration desk's approval,
 * its mirror. Branch staff see a company's reservation on its detail page but cannot make or cancel
 * one: their calls are refused with 403 whatever the company (nothing is looked up for them).
 */

/** The admin spec's toasts, then the texts it does not give. */
export const UNSUBSCRIPTION_MESSAGES = {
  reserved: '退会予約を行いました',
  reserveFailed: '退会予約に失敗しました',
  /** Not in the spec. */
  cancelled: '退会予約を取り消しました',
  cancelFailed: '退会予約の取り消しに失敗しました',
  alreadyReserved: 'この企業はすでに退会予約されています。変更する場合は予約を取り消してから行ってください。',
  alreadyUnsubscribed: 'この企業はすでに退会しています。',
  notReserved: 'この企業の退会予約はありません。',
  tooLate: '退会日を過ぎたため、退会予約を取り消せません。',
  /** A leaving month further ahead than the form offers. */
  tooFarAhead: '退会月は今月から12か月後までの中から選んでください',
} as const;

/** The form offers this month and the next 12. */
export const LEAVE_MONTHS_AHEAD = 12;
export const UNSUBSCRIBE_NOTE_MAX_LENGTH = 500;

/** Undefined or null is "not filled in"; anything else of the wrong type is malformed. */
const requiredOrMalformed = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null
    ? VALIDATION_MESSAGES.required
    : VALIDATION_MESSAGES.invalidFormat;

const LEAVE_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Months since year 0 of a YYYY-MM month (for comparing and stepping months). */
function monthIndex(month: string): number | undefined {
  const parts = LEAVE_MONTH.exec(month);
  return parts ? Number(parts[1]) * 12 + Number(parts[2]) - 1 : undefined;
}

const monthOfIndex = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The calendar month in Japan at `now`, as YYYY-MM. */
export function japanMonthOf(now: Date): string {
  return japanDateString(now).slice(0, 7);
}

/** The months a company may leave at the end of: this month (in Japan) and the next 12, as YYYY-MM. */
export function leaveMonthChoices(now: Date): string[] {
  const first = monthIndex(japanMonthOf(now)) ?? 0;
  return Array.from({ length: LEAVE_MONTHS_AHEAD + 1 }, (_, offset) => monthOfIndex(first + offset));
}

/** The last day of a YYYY-MM month (YYYY-MM-DD): the last day the company uses the portal. */
export function leavesOnOf(month: string): string {
  const index = monthIndex(month);
  if (index === undefined) throw new RangeError(`not a month: ${month}`);
  // Day 0 of the next month is this month's last.
  return new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).toISOString().slice(0, 10);
}

/** 2026-04 → 2026年4月 */
export function leaveMonthLabel(month: string): string {
  const parts = LEAVE_MONTH.exec(month);
  return parts ? `${parts[1]}年${Number(parts[2])}月` : month;
}

/** Whether a reservation leaving on `leavesOn` (YYYY-MM-DD) can still be cancelled at `now`: through that day. */
export function isCancellable(leavesOn: string, now: Date): boolean {
  return leavesOn >= japanDateString(now);
}

/** Who may reserve and cancel a company's leaving: the bank's system and bank admins. */
export function mayReserveUnsubscription(userType: string | null | undefined): boolean {
  return isAdmin(userType);
}

/**
 * The reservation's fields as the form sends them: the month (this month to 12 months ahead, in
 * Japan: 入力が過去日です before it), the reason (required) and a note of at most 500 characters.
 * `now` is the clock the month is judged by (tests fix it).
 */
export function unsubscriptionFieldsSchema(now: () => Date = () => new Date()) {
  const rules = validationRules({ now });
  return z.object({
    leave_month: z.string({ error: requiredOrMalformed }).check(
      z.superRefine((month, context) => {
        const refuse = (message: string) => context.addIssue({ code: 'custom', message, input: month });
        if (month.trim() === '') return refuse(VALIDATION_MESSAGES.required);
        const index = monthIndex(month);
        if (index === undefined) return refuse(VALIDATION_MESSAGES.invalidFormat);
        const current = monthIndex(japanMonthOf(now())) ?? 0;
        if (index < current) return refuse(VALIDATION_MESSAGES.pastDate);
        if (index > current + LEAVE_MONTHS_AHEAD) refuse(UNSUBSCRIPTION_MESSAGES.tooFarAhead);
      }),
    ),
    /** A code of the unsubscribe_reasons master (GET /api/v1/master/unsubscribe_reasons). */
    reason: z
      .string({ error: requiredOrMalformed })
      .check(
        z.minLength(1, VALIDATION_MESSAGES.required),
        z.maxLength(40, REGISTRATION_MESSAGES.invalidChoice),
      ),
    note: rules.text({ maxLength: UNSUBSCRIBE_NOTE_MAX_LENGTH, multiline: true }),
  });
}

const companyUniqueCode = z
  .string({ error: requiredOrMalformed })
  .check(z.minLength(1, VALIDATION_MESSAGES.required), z.maxLength(32));

export const unsubscriptionTargetSchema = z.object({ company_unique_code: companyUniqueCode });

export const reserveUnsubscriptionSchema = z.extend(unsubscriptionFieldsSchema(), {
  company_unique_code: companyUniqueCode,
});

/** A standing (or carried out) reservation, as the detail page and the reservation's answer show it. */
export const unsubscriptionReservationSchema = z.object({
  /** The last day the company uses the portal (YYYY-MM-DD). */
  leaves_on: z.string(),
  reason_code: z.string(),
  note: z.nullable(z.string()),
});
export type UnsubscriptionReservation = z.infer<typeof unsubscriptionReservationSchema>;

const RESERVE_DESCRIPTION = `企業の退会を、選んだ月の末日（日本時間）に予約します（今月から${LEAVE_MONTHS_AHEAD}か月後まで、退会理由は必須、備考は${UNSUBSCRIBE_NOTE_MAX_LENGTH}文字以内）。翌日以降の定期処理で企業と利用者が無効になり、ログイン中のセッションは終了します。予約は1企業に1件で、予約済み・退会済みの企業は 422 です。システム管理者・銀行管理者のみ。`;

export const reserveUnsubscriptionCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/unsubscribe',
  body: reserveUnsubscriptionSchema,
  result: unsubscriptionReservationSchema,
  access: 'admin',
  summary: '企業の退会予約',
  description: RESERVE_DESCRIPTION,
});

export const reservePortalUnsubscriptionCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/hgba/portal/company/unsubscribe',
  body: reserveUnsubscriptionSchema,
  result: unsubscriptionReservationSchema,
  access: 'admin',
  summary: '企業の退会予約（ポータル会員）',
  description: `ビジネスアシストポータル会員（company_enable_baportal）の企業について、${RESERVE_DESCRIPTION} ポータル会員でない企業は 404 です。`,
});

export const cancelUnsubscriptionCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/unsubscribe/cancel',
  body: unsubscriptionTargetSchema,
  result: z.object({ company_unique_code: z.string() }),
  access: 'admin',
  summary: '企業の退会予約の取り消し',
  description:
    '退会予約を取り消します（退会日の当日まで）。予約がない企業、退会日を過ぎた企業は 422 です。システム管理者・銀行管理者のみ。',
});
