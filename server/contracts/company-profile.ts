// zod/mini: the company's profile pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallUpload, defineCall, defineFileCall } from './call.ts';
import { FILE_MISSING_MESSAGE, FILE_TYPE_REFUSED_MESSAGE, IMAGE_CONTENT_TYPES } from './news.ts';
import { isEmptyValue, VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * The company's own profile (issue 15), edited by its users who may edit the company's settings
 * (company_setting_company_write):
 * - /mypage/company/edit: the company's name, kana, address, telephone, representative, industry,
 *   employee count, web site and logo (the logo shows in the app bar's profile block);
 * - /mypage/mybusiness/edit: its basic business information (what it does, sells and is good at,
 *   where it works), which the matching issue's company page shows.
 *
 * Every call reads or changes the logged-in user's own company: none takes a company's id.
 * The logo's upload is a call with a file (uploadCompanyLogoCall), its bytes a file read
 * (companyLogoFileCall, at companyLogoUrl).
 */

// ---------------------------------------------------------------------------------------------
// Limits and messages

/** The companies table's lengths. */
export const COMPANY_NAME_MAX_LENGTH = 100;
export const COMPANY_NAME_KANA_MAX_LENGTH = 200;
export const COMPANY_REPRESENTATIVE_MAX_LENGTH = 60;
export const COMPANY_ADDRESS_MAX_LENGTH = 100;
export const COMPANY_WEBSITE_MAX_LENGTH = 2048;
/** More than any company has; keeps the count inside the integer column. */
export const COMPANY_EMPLOYEE_COUNT_MAX = 9_999_999;

/** The business profile's lengths: a few paragraphs of description, a list each of products and strengths. */
export const BUSINESS_DESCRIPTION_MAX_LENGTH = 2000;
export const BUSINESS_PRODUCTS_MAX_LENGTH = 1000;
export const BUSINESS_STRENGTHS_MAX_LENGTH = 1000;

/** Spec section 9's 2 MB upload constant: a logo is a small image. */
export const COMPANY_LOGO_MAX_BYTES = 2097152;
/** Told by the file's content, never by its name or the browser's word (SVG is refused: it can run script). */
export const COMPANY_LOGO_CONTENT_TYPES = IMAGE_CONTENT_TYPES;
/** The multipart field the logo is sent in. */
export const COMPANY_LOGO_FILE_FIELD = 'file';

/** Not in the spec's tables: the portal's words for what only this page refuses. */
export const COMPANY_PROFILE_MESSAGES = {
  invalidChoice: '選択肢の中から選んでください',
  employeeCount: `0〜${COMPANY_EMPLOYEE_COUNT_MAX}の整数を半角で入力してください`,
  /** The news domain's upload messages, the same words on every upload of the portal. */
  logoMissing: FILE_MISSING_MESSAGE,
  logoTypeRefused: FILE_TYPE_REFUSED_MESSAGE,
  logoTooLarge: `ファイルサイズは${COMPANY_LOGO_MAX_BYTES / 1048576}MB以内にしてください`,
} as const;

/** The prefectures master's 47 codes: 01 (北海道) to 47 (沖縄県). */
export const PREFECTURE_COUNT = 47;
export const PREFECTURE_CODE_PATTERN = /^(0[1-9]|[1-3][0-9]|4[0-7])$/;

export function isPrefectureCode(value: unknown): value is string {
  return typeof value === 'string' && PREFECTURE_CODE_PATTERN.test(value);
}

/** 1040061 or 104-0061 as the companies table keeps it: 104-0061. */
export function postCodeAsStored(postCode: string): string {
  const digits = postCode.replace('-', '');
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

// ---------------------------------------------------------------------------------------------
// The logo's upload and its bytes

/**
 * Where a company's logo is read, `${COMPANY_LOGO_FILES_PATH}/{file_unique_code}`: the path the app
 * bar's profile block asks for the logged-in user's company_logo_file.
 */
export const COMPANY_LOGO_FILES_PATH = '/api/v1/file';

export function companyLogoUrl(fileUniqueCode: string): string {
  return `${COMPANY_LOGO_FILES_PATH}/${encodeURIComponent(fileUniqueCode)}`;
}

export const companyLogoFileSchema = z.object({
  /** 32 random hex digits: what the logged-in user's company_logo_file names. */
  file_unique_code: z.string(),
  /** Where the image is read (companyLogoUrl). */
  file_url: z.string(),
});
export type CompanyLogoFile = z.infer<typeof companyLogoFileSchema>;

export const companyLogoFileParamsSchema = z.object({
  file_unique_code: z.string().check(z.maxLength(32)),
});

// ---------------------------------------------------------------------------------------------
// /mypage/company/edit

const choiceError = (issue: { input?: unknown }) =>
  isEmptyValue(issue.input) ? VALIDATION_MESSAGES.required : COMPANY_PROFILE_MESSAGES.invalidChoice;

/**
 * The company profile's fields as the form holds them and the save takes them (platform spec
 * section 5's rules and messages, the registration form's lengths): name, kana and address
 * required (as every registration asks them), the industry required as a 大分類 and one of its
 * 中分類 (the server checks the pair against the master: 422). Telephone, building, representative,
 * employee count and web site may be left empty.
 */
export function companyProfileFieldsSchema() {
  const rules = validationRules();
  return z.object({
    company_name: rules.text({ required: true, maxLength: COMPANY_NAME_MAX_LENGTH }),
    company_name_kana: rules.katakana({ required: true, maxLength: COMPANY_NAME_KANA_MAX_LENGTH }),
    company_tel: rules.phone(),
    company_post_code: rules.postCode({ required: true }),
    company_prefecture_code: z
      .string({ error: choiceError })
      .check(z.refine(isPrefectureCode, { error: choiceError })),
    company_address1: rules.text({ required: true, maxLength: COMPANY_ADDRESS_MAX_LENGTH }),
    company_address2: rules.text({ required: true, maxLength: COMPANY_ADDRESS_MAX_LENGTH }),
    company_address3: rules.text({ maxLength: COMPANY_ADDRESS_MAX_LENGTH }),
    company_representative_name: rules.text({ maxLength: COMPANY_REPRESENTATIVE_MAX_LENGTH }),
    company_industry_major_code: z
      .string({ error: choiceError })
      .check(z.refine((code) => /^[A-Z]$/.test(code), { error: choiceError })),
    company_industry_middle_code: z
      .string({ error: choiceError })
      .check(z.refine((code) => /^[0-9]{2}$/.test(code), { error: choiceError })),
    company_employee_count: rules
      .integer()
      .check(
        z.refine(
          (count) => count === undefined || (count >= 0 && count <= COMPANY_EMPLOYEE_COUNT_MAX),
          COMPANY_PROFILE_MESSAGES.employeeCount,
        ),
      ),
    company_website_url: rules.url({ maxLength: COMPANY_WEBSITE_MAX_LENGTH }),
  });
}
export type CompanyProfileFields = z.output<ReturnType<typeof companyProfileFieldsSchema>>;

export const companyProfileSchema = z.object({
  company_unique_code: z.string(),
  /** 法人番号: shown, not edited here (the bank records it). */
  company_corporate_number: z.nullable(z.string()),
  company_name: z.string(),
  company_name_kana: z.string(),
  company_tel: z.nullable(z.string()),
  company_post_code: z.nullable(z.string()),
  company_prefecture_code: z.nullable(z.string()),
  company_address1: z.nullable(z.string()),
  company_address2: z.nullable(z.string()),
  company_address3: z.nullable(z.string()),
  company_representative_name: z.nullable(z.string()),
  company_industry_major_code: z.nullable(z.string()),
  company_industry_middle_code: z.nullable(z.string()),
  company_employee_count: z.nullable(z.int()),
  company_website_url: z.nullable(z.string()),
  company_logo_file: z.nullable(companyLogoFileSchema),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export const getCompanyProfileCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'GET',
  path: '/api/v1/company/profile',
  result: companyProfileSchema,
  access: 'company',
  member: true,
  rule: 'company_settings',
  summary: '自社の企業情報の取得',
  description:
    'ログイン中の利用者の企業の情報（企業名、カナ、住所、電話番号、代表者名、業種、従業員数、ホームページ、ロゴ）を返します。企業情報の編集権限（company_setting_company_write）が必要です。',
});

export const saveCompanyProfileCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/profile/save',
  body: companyProfileFieldsSchema(),
  result: companyProfileSchema,
  access: 'company',
  member: true,
  rule: 'company_settings',
  summary: '自社の企業情報の保存',
  description:
    'ログイン中の利用者の企業の情報を保存します（企業名の変更はアプリバーの表示にすぐ反映されます）。業種は大分類とその中の中分類の組で、マスタにない組は 422 です。企業情報の編集権限（company_setting_company_write）が必要です。',
});

/** The logo's one file: an image of at most COMPANY_LOGO_MAX_BYTES, its type told by its content. */
export const COMPANY_LOGO_UPLOAD: CallUpload = {
  field: COMPANY_LOGO_FILE_FIELD,
  missingMessage: COMPANY_PROFILE_MESSAGES.logoMissing,
  limits: {
    maxBytes: COMPANY_LOGO_MAX_BYTES,
    contentTypes: COMPANY_LOGO_CONTENT_TYPES,
    messages: {
      tooLarge: COMPANY_PROFILE_MESSAGES.logoTooLarge,
      typeRefused: COMPANY_PROFILE_MESSAGES.logoTypeRefused,
    },
  },
};

export const uploadCompanyLogoCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/logo',
  upload: COMPANY_LOGO_UPLOAD,
  result: companyLogoFileSchema,
  access: 'company',
  member: true,
  rule: 'company_settings',
  summary: '自社のロゴのアップロード',
  description: `ログイン中の利用者の企業のロゴ（${COMPANY_LOGO_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で受け取り、すぐに企業のロゴにします（前のロゴの画像は削除します）。形式はファイルの中身で判定します。企業情報の編集権限（company_setting_company_write）が必要です。`,
});

export const companyLogoFileCall = /* @__PURE__ */ defineFileCall({
  domain: 'companies',
  method: 'GET',
  path: `${COMPANY_LOGO_FILES_PATH}/:file_unique_code`,
  params: companyLogoFileParamsSchema,
  access: 'login',
  answers: 'file',
  summary: '企業のロゴの取得',
  description:
    '企業のロゴの画像を返します（そのまま表示: inline）。企業の利用者はその金融機関の企業のロゴを、システム管理者・金融機関管理者はすべての企業の、支店の行員は担当支店の企業のロゴを読めます。それ以外は、ロゴがあるかどうかを伝えないよう、すべて 404 です。',
});

export const deleteCompanyLogoCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'DELETE',
  path: '/api/v1/company/logo',
  result: z.object({ company_logo_file: z.literal(null) }),
  access: 'company',
  member: true,
  rule: 'company_settings',
  summary: '自社のロゴの削除',
  description:
    'ログイン中の利用者の企業のロゴを外し、その画像を削除します（ロゴがなければ何もしません）。企業情報の編集権限（company_setting_company_write）が必要です。',
});

// ---------------------------------------------------------------------------------------------
// /mypage/mybusiness/edit

/** The business profile's texts as the form holds them: the description is what the page is for. */
export function businessProfileTextFieldsSchema() {
  const rules = validationRules();
  return z.object({
    business_description: rules.text({
      required: true,
      maxLength: BUSINESS_DESCRIPTION_MAX_LENGTH,
      multiline: true,
    }),
    business_products: rules.text({ maxLength: BUSINESS_PRODUCTS_MAX_LENGTH, multiline: true }),
    business_strengths: rules.text({ maxLength: BUSINESS_STRENGTHS_MAX_LENGTH, multiline: true }),
  });
}

/**
 * The prefectures the company works in: none to all 47 codes, each kept once and in code order.
 */
export const businessAreaCodesSchema = z.pipe(
  z.array(z.string(), { error: VALIDATION_MESSAGES.invalidFormat }).check(
    z.refine((codes) => codes.length <= PREFECTURE_COUNT && codes.every(isPrefectureCode), {
      message: COMPANY_PROFILE_MESSAGES.invalidChoice,
    }),
  ),
  z.transform((codes) => [...new Set(codes)].sort()),
);

/** The save's body: the texts and the areas. */
export const businessProfileBodySchema = z.extend(businessProfileTextFieldsSchema(), {
  business_area_codes: businessAreaCodesSchema,
});
export type BusinessProfileBody = z.output<typeof businessProfileBodySchema>;

export const businessProfileSchema = z.object({
  business_description: z.string(),
  business_products: z.string(),
  business_strengths: z.string(),
  business_area_codes: z.array(z.string()),
  /** When it was last saved; null while the company has never saved one. */
  business_updated_at: z.nullable(z.string()),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

export const getBusinessProfileCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'GET',
  path: '/api/v1/company/business_profile',
  result: businessProfileSchema,
  access: 'company',
  member: true,
  rule: 'my_business',
  summary: '自社の事業情報の取得',
  description:
    'ログイン中の利用者の企業の事業情報（事業内容、製品・サービス、強み、営業エリアの都道府県コード）を返します。まだ登録がなければ空の内容です。企業情報の編集権限（company_setting_company_write）が必要です。',
});

export const saveBusinessProfileCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/business_profile/save',
  body: businessProfileBodySchema,
  result: businessProfileSchema,
  access: 'company',
  member: true,
  rule: 'my_business',
  summary: '自社の事業情報の保存',
  description:
    'ログイン中の利用者の企業の事業情報を保存します（ビジネスマッチングの企業ページに表示されます）。営業エリアは都道府県コード（01〜47）の一覧で、同じコードは1つにまとめます。企業情報の編集権限（company_setting_company_write）が必要です。',
});
