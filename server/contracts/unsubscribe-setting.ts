// zod/mini: the unsubscribe setting pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { UNSUBSCRIPTION_MESSAGES, unsubscriptionFieldsSchema } from './company-unsubscription.ts';

/**
 * A company's own request to leave (issue 16 item 9, /mypage/setting/unsubscribe and its
 * /compleated page): the owner picks the month to leave at the end of (this month to 12 months
 * ahead, as the bank's desk offers), a reason of the unsubscribe_reasons master and an optional
 * note, and confirms. The request IS the bank's unsubscription reservation of the companies issue
 * (company-unsubscription.ts): the same row of company_unsubscriptions, shown on the bank's company
 * desk and carried out by the same job the day after the leaving day. A confirmation mail goes to
 * the owner who asked.
 *
 * While a reservation stands the page shows it instead of the form. The company may cancel a
 * reservation it asked for itself, through the leaving day (decision 0087); one the bank's desk
 * made is the bank's to cancel.
 *
 * Who: the page rule `unsubscribe` (route-access.ts): the bank's enable_unsubscribe_route flag and
 * company_setting_account_write (owners by default), else 403 権限がありません。 on the page and the
 * API alike. Bank staff are refused (company access).
 */

/** The spec's toasts (admin spec section 8), then the texts it does not give. */
export const UNSUBSCRIBE_SETTING_MESSAGES = {
  reserved: UNSUBSCRIPTION_MESSAGES.reserved,
  reserveFailed: UNSUBSCRIPTION_MESSAGES.reserveFailed,
  cancelled: UNSUBSCRIPTION_MESSAGES.cancelled,
  cancelFailed: UNSUBSCRIPTION_MESSAGES.cancelFailed,
  alreadyReserved:
    'すでに退会予約を受け付けています。内容を変更する場合は、予約を取り消してからお申し込みください。',
  notReserved: '退会予約はありません。',
  tooLate: UNSUBSCRIPTION_MESSAGES.tooLate,
  /** A reservation the bank's desk made: the company cannot cancel it here. */
  reservedByBank:
    'この退会予約は金融機関で受け付けたものです。取り消しをご希望の場合は、お取引店までご連絡ください。',
} as const;

/**
 * POST: the reservation's fields as the company's form sends them: the desk's own schema, without
 * the company (always the user's own). `now` is the clock the month is judged by.
 */
export const unsubscribeRequestSchema = unsubscriptionFieldsSchema;
export type UnsubscribeRequest = z.output<ReturnType<typeof unsubscribeRequestSchema>>;

/** The company's standing (or carried out) reservation, as its own pages show it. */
export const companyUnsubscribeReservationSchema = z.object({
  /** The last day the company uses the portal (YYYY-MM-DD, Japan). */
  leaves_on: z.string(),
  /** A code of the unsubscribe_reasons master, with its name. */
  reason_code: z.string(),
  reason_name: z.string(),
  note: z.nullable(z.string()),
  requested_at: z.string(),
  /** 姓 名 of who asked; null when that user is gone. */
  requested_by_name: z.nullable(z.string()),
  /** Asked by a user of the company (here); false when the bank's desk reserved it. */
  requested_by_company: z.boolean(),
  /** The company may cancel it now: it asked for it, it has not been carried out, its day has not passed. */
  cancellable: z.boolean(),
});
export type CompanyUnsubscribeReservation = z.infer<typeof companyUnsubscribeReservationSchema>;

export const unsubscribeSettingSchema = z.object({
  company_name: z.string(),
  /** Null while no reservation stands: the page shows the form. */
  reservation: z.nullable(companyUnsubscribeReservationSchema),
});
export type UnsubscribeSetting = z.infer<typeof unsubscribeSettingSchema>;

const WHO =
  '退会設定の権限（company_setting_account_write、既定では企業オーナー）が必要で、金融機関の enable_unsubscribe_route が無効なら 403（権限がありません。）です。行員は 403。';

export const getUnsubscribeSettingCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/setting/unsubscribe',
  result: unsubscribeSettingSchema,
  access: 'company',
  rule: 'unsubscribe',
  summary: '自社の退会予約の取得',
  description: `ログイン中の企業の退会予約（退会日・退会理由・備考・申込者、取り消せるかどうか）を返します。予約がなければ reservation は null です。${WHO}`,
});

export const requestUnsubscribeCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/setting/unsubscribe',
  body: unsubscribeRequestSchema(),
  result: companyUnsubscribeReservationSchema,
  access: 'company',
  rule: 'unsubscribe',
  summary: '自社の退会の申し込み（退会予約）',
  description: `ログイン中の企業の退会を、選んだ月の末日（日本時間）に予約します（今月から12か月後まで、退会理由は必須、備考は500文字以内）。金融機関の企業管理の退会予約と同じもので、翌日以降の定期処理で企業と利用者が無効になります。申込者に確認のメールを送ります。予約がすでにある企業は 422 です。${WHO}`,
});

export const cancelUnsubscribeCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/setting/unsubscribe/cancel',
  result: z.object({}),
  access: 'company',
  rule: 'unsubscribe',
  summary: '自社の退会予約の取り消し',
  description: `企業が自ら申し込んだ退会予約を、退会日の当日まで取り消します（申込者に確認のメールを送ります）。予約がない、金融機関が受け付けた予約、退会日を過ぎた予約は 422 です。${WHO}`,
});
