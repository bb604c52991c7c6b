import { z } from 'zod';
import { CARD_BRANDS } from '../contracts/payment-card.ts';
import { REGISTRATION_VARIANT_CODES } from '../contracts/registration-variants.ts';
import { themeNameSchema, themeOverridesSchema } from '../contracts/theme-tokens.ts';

/**
 * One zod schema defines a bank (a file in tenants/). The JSON Schema that editors use
 * (tenants/tenant.schema.json) is generated from it by `npm run tenant:schema`.
 * Messages are Japanese: the operator onboarding a bank reads them in `tenant:check`.
 */

const bankCode = z.string().regex(/^\d{4}$/, '金融機関コードは4桁の数字です');
const hostname = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'ホスト名は小文字の英数字・ハイフン・ドットで指定してください（ポートは付けません）',
  );
const httpsUrl = z.url({ protocol: /^https?$/, error: 'URLの形式が正しくありません' });
/** The content type of each kind of image a tenant file may name (its logo and favicon). */
export const TENANT_IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};
const assetFile = z
  .string()
  .regex(
    /^[A-Za-z0-9._-]+\.(svg|png|ico|webp|jpg|jpeg)$/,
    'ファイル名は tenants/{code}/ 内の画像ファイル名です',
  );
const cidr = z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], {
  error: 'CIDR 形式（例: 203.0.113.0/24）で指定してください',
});
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '時刻は HH:MM（24時間表記）で指定してください');
const envVarName = z
  .string()
  .regex(/^[A-Z_][A-Z0-9_]*$/, '環境変数名は英大文字・数字・アンダースコアで指定してください');

/** Every feature flag of spec section 3 (app config). */
export const featureFlagsSchema = z
  .object({
    enable_subsidy_support: z.boolean(),
    enable_forum: z.boolean(),
    enable_mall: z.boolean(),
    enable_icnext: z.boolean(),
    enable_unsubscribe_route: z.boolean(),
    enable_campfire: z.boolean(),
    enable_business_succession: z.boolean(),
    /** The attendance service (spec section 6: "Attendance: flag enabled"; the flag list names none). */
    enable_attendance: z.boolean(),
    enable_payment: z.boolean(),
    enable_payment_receive: z.boolean(),
    enable_business_user: z.boolean(),
    available_invoice: z.boolean(),
    check_payment_method_filled: z.boolean(),
    is_payment_method_filled: z.boolean(),
    is_mobile_app_client: z.boolean(),
    enable_account_lock: z.boolean(),
    enable_two_factor: z.boolean(),
    enable_uncollected_payment_alert: z.boolean(),
    enable_matching_project: z.boolean(),
    enable_baportal: z.boolean(),
    enable_bundle_payment: z.boolean(),
    enable_credit_card_registration: z.boolean(),
  })
  .strict();
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** On/off display options of the customize block. */
export const customizeSchema = z
  .object({
    show_footer_logo: z.boolean(),
    show_footer_bank_code: z.boolean(),
    show_footer_rc_rule: z.boolean(),
    enable_analytics_tag: z.boolean(),
    show_cookie_policy: z.boolean(),
    show_partner_form_link: z.boolean(),
    show_feature_request: z.boolean(),
    show_help: z.boolean(),
  })
  .strict();

const newBadgePeriod = z
  .object({
    value: z.int().min(1, '1以上の整数で指定してください'),
    unit: z.enum(['minutes', 'days', 'months']),
  })
  .strict();

export const tenantSchema = z
  .object({
    $schema: z.string().optional(),
    code: bankCode,
    bank_name: z.string().min(1).max(40),
    ba_name: z.string().min(1).max(40),
    service_name: z.string().min(1).max(40),
    system_prefix: z.string().regex(/^[a-z][a-z0-9]{1,15}$/, '英小文字で始まる2〜16文字の英数字です'),
    hosts: z.array(hostname).min(1, 'ホストを1つ以上指定してください'),
    hide_bank_code: z.boolean(),
    noindex: z.boolean().default(false),
    contact: z
      .object({
        name: z.string().min(1),
        tel: z.string().regex(/^\d{2,4}-\d{2,4}-\d{3,4}$/, '電話番号が正しくありません'),
        email: z.email({ error: 'メールアドレスが正しくありません' }),
      })
      .strict(),
    // themeOverridesSchema is a zod/mini schema (the client bundles contracts): no chained .default().
    theme: z.object({ name: themeNameSchema, overrides: z._default(themeOverridesSchema, {}) }).strict(),
    logo: assetFile,
    favicon: assetFile,
    ga_id: z
      .string()
      .regex(/^G-[A-Z0-9]{4,12}$/, 'GA4 の測定ID（G-XXXXXXX）です')
      .nullable(),
    gtm_id: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,10}$/, 'GTM のコンテナID（GTM-XXXXXX）です')
      .nullable(),
    urls: z
      .object({
        url: httpsUrl,
        privacy_url: httpsUrl,
        bamanager_url: httpsUrl,
        employee_invitation_url: httpsUrl,
        fukuri_url: httpsUrl,
        invoice_url: httpsUrl,
        help_url: httpsUrl,
        support_desk_url: httpsUrl,
        operating_rules_pdf_url: httpsUrl,
        service_spec_pdf_url: httpsUrl,
        chat_api_url: httpsUrl,
        shares_api_url: httpsUrl,
        cookie_policy_url: httpsUrl.nullable(),
      })
      .strict(),
    oidc: z
      .object({
        issuer: httpsUrl,
        client_id: z.string().min(1),
        client_secret_env: envVarName,
        /**
         * The provider's own password reset page, when the provider (not the portal) keeps the
         * passwords: /reminder sends the user there. Unset: the portal resets passwords itself.
         */
        password_reset_url: httpsUrl.optional(),
      })
      .strict(),
    features: featureFlagsSchema,
    customize: customizeSchema,
    new_badge_periods: z
      .object({
        crowdfunding: newBadgePeriod,
        payment: newBadgePeriod,
        business_succession: newBadgePeriod,
        attendance: newBadgePeriod,
        invoice: newBadgePeriod,
      })
      .strict(),
    bank_staff_access: z
      .object({
        ip_allowlist: z.array(cidr),
        office_hours: z
          .object({
            time_zone: z.literal('Asia/Tokyo').default('Asia/Tokyo'),
            weekdays: z.array(z.int().min(0).max(6)).min(1),
            start: hhmm,
            end: hhmm,
            off_hours_message: z.string().min(1),
          })
          .strict()
          .nullable(),
      })
      .strict(),
    succession_apply_categories: z.array(z.string().min(1)),
    copyright: z.string().min(1),
    card_brands: z.array(z.enum(CARD_BRANDS)),
    /**
     * How many business users (company_user accounts) a partner company may create itself at
     * /mypage/setting/account/businessuser; 0: partner companies create none.
     */
    partner_company_user_limit: z
      .int('0以上の整数で指定してください')
      .min(0, '0以上の整数で指定してください')
      .max(1000, '1000以下で指定してください')
      .default(0),
    /**
     * Whether the bank's companies take part in nationwide matching (decision 0092): their needs
     * published nationwide reach the companies of every other bank that takes part, and they find
     * those banks' nationwide needs. false (the default): matching stays within the bank.
     */
    nationwide_matching: z.boolean().default(false),
    /**
     * The /register variants the bank offers (registration-variants.ts); a variant it does not
     * offer is a 404. Empty: companies do not apply online.
     */
    registration_variants: z
      .array(z.enum(REGISTRATION_VARIANT_CODES))
      .refine((codes) => new Set(codes).size === codes.length, '同じ申込種別が重複しています'),
    babank: z
      .object({ unique_code: z.string().min(1), code: bankCode, name: z.string().min(1) })
      .strict()
      .nullable(),
  })
  .strict();

/** A tenant file as written by the operator. */
export type TenantFile = z.input<typeof tenantSchema>;
/** A validated tenant, defaults applied. */
export type TenantConfig = z.output<typeof tenantSchema>;
