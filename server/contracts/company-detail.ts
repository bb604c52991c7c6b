// zod/mini: the admin desk's pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { COMPANY_TYPE_CODES, USER_TYPES } from './account-types.ts';
import { defineCall } from './call.ts';
import { CHARGE_KINDS } from './company-charges.ts';

/**
 * A company's page on the bank's desk (issue 15: /admin/company/detail/{id}, {id} its
 * company_unique_code): its profile, the branch that looks after it, where it stands, its users with
 * how often they logged in lately, its charges and its reserved leaving. Branch staff see only the
 * companies of their branches; any other company, like another bank's, is 404.
 */

/**
 * Where a company stands (the company_statuses master's codes), as the company list says it too:
 * unsubscribed once it has left; unsubscribe_reserved while a reserved leaving is not carried out
 * (whatever else holds: the reservation is what the desk acts on); suspended when it is disabled;
 * else active.
 */
export const COMPANY_STATUSES = ['active', 'suspended', 'unsubscribe_reserved', 'unsubscribed'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** The users' login summary counts their own logins of this many days. */
export const LOGIN_SUMMARY_DAYS = 30;
/** The charges shown: this month and the months before it, this many in all. */
export const CHARGE_HISTORY_MONTHS = 12;
/** A charge of this status counts toward no total (取消). */
export const CANCELLED_CHARGE_STATUS = 'cancelled';

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const instant = z.string();

export const companyDetailParamsSchema = z.object({
  company_unique_code: z.string().check(z.minLength(1), z.maxLength(32)),
});

export const companyProfileSchema = z.object({
  company_unique_code: z.string(),
  company_name: z.string(),
  company_name_kana: z.string(),
  company_type: z.enum(COMPANY_TYPE_CODES),
  company_corporate_number: z.nullable(z.string()),
  company_representative_name: z.nullable(z.string()),
  company_post_code: z.nullable(z.string()),
  company_prefecture_code: z.nullable(z.string()),
  prefecture_name: z.nullable(z.string()),
  /** 市区町村, 町名・番地, 建物名. */
  company_address1: z.nullable(z.string()),
  company_address2: z.nullable(z.string()),
  company_address3: z.nullable(z.string()),
  company_tel: z.nullable(z.string()),
  company_website_url: z.nullable(z.string()),
  industry_major_name: z.nullable(z.string()),
  industry_middle_name: z.nullable(z.string()),
  company_established_on: z.nullable(day),
  company_account_closing_month: z.nullable(z.int()),
  company_employee_count: z.nullable(z.int()),
  company_enable_ba: z.boolean(),
  company_enable_baportal: z.boolean(),
  company_created_at: instant,
  company_updated_at: instant,
  /** The last login of one of its users (not a staff member acting as one). */
  company_last_used_at: z.nullable(instant),
});

export const companyUserSchema = z.object({
  user_unique_code: z.string(),
  user_type: z.enum(USER_TYPES),
  user_last_name: z.string(),
  user_first_name: z.string(),
  user_login_id: z.string(),
  user_email: z.string(),
  user_is_disabled: z.boolean(),
  user_last_login_at: z.nullable(instant),
  /** The user's own logins of the last LOGIN_SUMMARY_DAYS days (a staff member's switch is none). */
  recent_login_count: z.int().check(z.minimum(0)),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

export const companyChargeSchema = z.object({
  /** The month charged, as its first day. */
  charge_month: day,
  charge_kind: z.enum(CHARGE_KINDS),
  /** Yen; negative only for an adjustment. */
  charge_amount: z.int(),
  /** A code of the charge_statuses master. */
  charge_status: z.string(),
  charge_note: z.nullable(z.string()),
});
export type CompanyCharge = z.infer<typeof companyChargeSchema>;

export const companyUnsubscriptionSchema = z.object({
  /** A code of the unsubscribe_reasons master, with its name. */
  reason_code: z.string(),
  reason_name: z.string(),
  note: z.nullable(z.string()),
  /** The last day the company uses the portal. */
  leaves_on: day,
  requested_at: instant,
  requested_by_name: z.nullable(z.string()),
  /** When it was carried out; null while the reservation stands. */
  carried_out_at: z.nullable(instant),
});
export type CompanyUnsubscription = z.infer<typeof companyUnsubscriptionSchema>;

export const companyDetailSchema = z.object({
  profile: companyProfileSchema,
  /** The branch that looks after the company; null when none does. */
  branch: z.nullable(z.object({ bb_code: z.string(), bb_name: z.string() })),
  status: z.enum(COMPANY_STATUSES),
  /** Owners first, then business users and employees (the user_types master's order). */
  users: z.array(companyUserSchema),
  charges: z.object({
    /** This month in Japan, as its first day. */
    this_month: day,
    /** This month's charges added up, cancelled ones aside (yen). */
    this_month_total: z.int(),
    /** The last CHARGE_HISTORY_MONTHS months' charges (and any entered ahead), newest month first. */
    list: z.array(companyChargeSchema),
  }),
  /** The reserved leaving, standing or carried out; null when none was reserved. */
  unsubscription: z.nullable(companyUnsubscriptionSchema),
  /** The card the company pays with, as far as the desk may see it; null when none is registered. */
  payment_card: z.nullable(z.object({ card_brand: z.string(), card_last4: z.string() })),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

export const companyDetailCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'GET',
  path: '/api/v1/company/detail/:company_unique_code',
  params: companyDetailParamsSchema,
  result: companyDetailSchema,
  access: 'bank',
  summary: '企業の詳細',
  description:
    '企業の基本情報・取引店・状態・ユーザー（直近30日のログイン回数つき）・直近12か月の月額利用料と今月の合計・退会予約・登録カード（ブランドと下4桁のみ）を返します。支店の行員には担当支店の企業だけを返し、それ以外は 404 です。',
});
