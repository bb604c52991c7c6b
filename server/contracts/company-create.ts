// zod/mini: the company create page bundles these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { COMPANY_TYPE_CODES, type CompanyTypeCode, type CompanyUserType } from './account-types.ts';
import { defineCall } from './call.ts';
import { REGISTRATION_MESSAGES } from './registration-form.ts';
import { isEmptyValue, VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * Creating one company at the bank's desk (/admin/company/create, issue 15): the company (name,
 * kana, type, corporate number, the branch that looks after it) and its owner (name, kana, e-mail,
 * tel), in one transaction with the owner's login id (the bank's prefix and six digits) and a
 * first-password link mailed to the owner, as an approved registration is. System and bank admins
 * only: branch staff see the companies of their branches but do not add companies.
 */

export const COMPANY_CREATE_MESSAGES = {
  /** Admin spec section 8: the desk's saves answer 保存しました. */
  saved: '保存しました',
  /** Not in the spec: another company of the bank (that has not left) has the number. */
  duplicateCorporateNumber: 'この法人番号はすでに登録されています。',
} as const;

/** The company type's flags and its owner's account type (as the registration variants make them). */
export const COMPANY_TYPE_SETUP: Record<
  CompanyTypeCode,
  { enableBa: boolean; enableBaportal: boolean; ownerType: CompanyUserType }
> = {
  normal: { enableBa: true, enableBaportal: false, ownerType: 'company_owner' },
  partner: { enableBa: true, enableBaportal: false, ownerType: 'partner_company_owner' },
  baportal: { enableBa: false, enableBaportal: true, ownerType: 'company_owner' },
};

const rules = validationRules();

/** One of `values`, or 必須入力項目です when none was chosen, 選択肢の中から選んでください for another. */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      isEmptyValue(issue.input) ? VALIDATION_MESSAGES.required : REGISTRATION_MESSAGES.invalidChoice,
  });
}

/**
 * The form's fields, checked the same in the browser and by the server. Lengths are the columns'
 * and the registration form's (company name 100, kana 200, person names 30, their kana 60).
 */
export const companyCreateSchema = z.object({
  company_name: rules.text({ required: true, maxLength: 100 }),
  company_name_kana: rules.katakana({ required: true, maxLength: 200 }),
  company_type: choice(COMPANY_TYPE_CODES),
  /** 法人番号: sole proprietors have none; when given, 13 digits with the check digit. */
  company_corporate_number: rules.corporateNumber(),
  /** The bank branch that looks after the company (bank_branches master). */
  bb_id: rules.positiveInteger({ required: true }),
  user_last_name: rules.text({ required: true, maxLength: 30 }),
  user_first_name: rules.text({ required: true, maxLength: 30 }),
  user_last_name_kana: rules.katakana({ required: true, maxLength: 60 }),
  user_first_name_kana: rules.katakana({ required: true, maxLength: 60 }),
  user_email: rules.email({ required: true }),
  user_tel: rules.phone(),
});
export type CompanyCreateFields = z.output<typeof companyCreateSchema>;

export const createCompanyCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/create',
  body: companyCreateSchema,
  result: z.object({ company_unique_code: z.string(), user_login_id: z.string() }),
  access: 'admin',
  refusedWhileSwitched: true,
  summary: '企業の新規作成',
  description:
    '企業とオーナー利用者・ログインIDを1つのトランザクションで作成し、オーナーにログイン方法（初回パスワード設定のリンク、7日間有効）をメールで送ります。法人番号が同じ金融機関の他の企業（退会済みを除く）と重なる場合、お取引店が当行の営業中の支店でない場合は 422 です。システム管理者・銀行管理者のみ。',
});
