import type { ThemeName, ThemeTokens } from '../contracts/theme-tokens.ts';
import { renderFaviconSvg, renderLogoSvg, shortBankName } from './brand-assets.ts';
import { NOINDEX_BANK_CODES } from './tenant-file.ts';
import type { TenantFile } from './tenant-file-schema.ts';

export type TenantScaffoldOptions = {
  code: string;
  bankName: string;
  theme: ThemeName;
  /** Production hosts; defaults to `portal.bank{code}.example.jp`, to be replaced by the real one. */
  hosts?: readonly string[];
};

/**
 * The starting tenant file of a new bank (tenant:new): valid as it stands, every feature off, no staff
 * IP restriction or office hours, placeholder contact and URLs under example.jp for the operator to
 * replace. Secrets are named by environment variable only.
 */
export function scaffoldTenantFile(options: TenantScaffoldOptions): TenantFile {
  const { code, bankName } = options;
  const domain = `bank${code}.example.jp`;
  const hosts = options.hosts && options.hosts.length > 0 ? [...options.hosts] : [`portal.${domain}`];
  const site = `https://www.${domain}`;
  const badge = (value: number, unit: 'days' | 'months') => ({ value, unit });
  return {
    $schema: '../tenant.schema.json',
    code,
    bank_name: bankName,
    ba_name: bankName,
    service_name: 'ビジネスポータル',
    system_prefix: `bank${code}`,
    hosts,
    hide_bank_code: false,
    noindex: NOINDEX_BANK_CODES.includes(code),
    contact: {
      name: `${bankName} 法人ポータル サポートデスク`,
      tel: '0120-00-0000',
      email: `portal-support@${domain}`,
    },
    theme: { name: options.theme, overrides: {} },
    logo: 'logo.svg',
    favicon: 'favicon.svg',
    ga_id: null,
    gtm_id: null,
    urls: {
      url: `${site}/`,
      privacy_url: `${site}/privacy/`,
      bamanager_url: `https://bamanager.${domain}/`,
      employee_invitation_url: `https://${hosts[0]}/register/employee/invitation`,
      fukuri_url: 'https://fukuri.example.jp/',
      invoice_url: 'https://invoice.example.jp/',
      help_url: `${site}/portal/help/`,
      support_desk_url: 'https://support-desk.example.jp/sso',
      operating_rules_pdf_url: `${site}/portal/rules.pdf`,
      service_spec_pdf_url: `${site}/portal/service-spec.pdf`,
      chat_api_url: 'https://chat-api.example.jp/',
      shares_api_url: 'https://shares-api.example.jp/',
      cookie_policy_url: null,
    },
    oidc: {
      issuer: `http://localhost:3001/oidc/bank${code}`,
      client_id: `portal-bank${code}`,
      client_secret_env: `OIDC_CLIENT_SECRET_${code}`,
    },
    features: {
      enable_subsidy_support: false,
      enable_forum: false,
      enable_mall: false,
      enable_icnext: false,
      enable_unsubscribe_route: false,
      enable_campfire: false,
      enable_business_succession: false,
      enable_attendance: false,
      enable_payment: false,
      enable_payment_receive: false,
      enable_business_user: false,
      available_invoice: false,
      check_payment_method_filled: false,
      is_payment_method_filled: false,
      is_mobile_app_client: false,
      enable_account_lock: true,
      enable_two_factor: false,
      enable_uncollected_payment_alert: false,
      enable_matching_project: false,
      enable_baportal: false,
      enable_bundle_payment: false,
      enable_credit_card_registration: false,
    },
    customize: {
      show_footer_logo: true,
      show_footer_bank_code: true,
      show_footer_rc_rule: false,
      enable_analytics_tag: true,
      show_cookie_policy: false,
      show_partner_form_link: false,
      show_feature_request: false,
      show_help: true,
    },
    new_badge_periods: {
      crowdfunding: badge(3, 'months'),
      payment: badge(30, 'days'),
      business_succession: badge(2, 'months'),
      attendance: badge(14, 'days'),
      invoice: badge(1, 'months'),
    },
    bank_staff_access: { ip_allowlist: [], office_hours: null },
    succession_apply_categories: ['事業承継の相談'],
    copyright: `© ${bankName}`,
    card_brands: ['VISA', 'Mastercard', 'JCB'],
    registration_variants: ['ba'],
    babank: null,
  };
}

/** Placeholder logo and favicon in the theme's main colour, generated from the bank's name. */
export function scaffoldBrandAssets(
  bankName: string,
  theme: ThemeName,
  tokens: ThemeTokens,
): { logoSvg: string; faviconSvg: string } {
  const shortName = shortBankName(bankName);
  return {
    logoSvg: renderLogoSvg({ shortName, mainColor: tokens.colors.main, theme }),
    faviconSvg: renderFaviconSvg({
      shortName,
      background: tokens.colors.main,
      foreground: tokens.colors.onMain,
    }),
  };
}
