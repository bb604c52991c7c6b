import type { PublicAppConfig } from '../contracts/app-config.ts';
import { NOINDEX_BANK_CODES } from '../tenancy/tenant-file.ts';
import type { Tenant } from '../tenancy/tenant.ts';

/** What the deployment, not the bank, puts into every bank's public config. */
export interface DeploymentInfo {
  env: PublicAppConfig['env'];
  buildVersion: string;
  /** The Sentry DSN for the browser's error reports, or null (reporting off). */
  sentryDsn: string | null;
  /** Whether pages carry the banks' analytics tags: in production, elsewhere only when asked. */
  analyticsTags: boolean;
}

/** URL of one of a bank's own files (logo, favicon); the revision makes it safe to cache for ever. */
export function tenantAssetUrl(tenant: Tenant, file: string): string {
  return `/tenant-assets/${encodeURIComponent(file)}?v=${tenant.revision}`;
}

/**
 * The public part of a bank's config (spec section 3, app config). Built field by field from the
 * tenant, so nothing that is not listed here — OIDC client, secret names, staff IP allowlist,
 * office hours, hosts — can reach the browser.
 */
export function toPublicAppConfig(tenant: Tenant, deployment: DeploymentInfo): PublicAppConfig {
  const { config } = tenant;
  return {
    bank: {
      code: config.code,
      name: config.bank_name,
      ba_name: config.ba_name,
      hide_bank_code: config.hide_bank_code,
      contact: { ...config.contact },
    },
    bank_code: config.code,
    system_name: config.service_name,
    system_prefix: config.system_prefix,
    env: deployment.env,
    build_version: deployment.buildVersion,
    ga_id: config.ga_id,
    gtm_id: config.gtm_id,
    sentry_dsn: deployment.sentryDsn,
    logo_url: tenantAssetUrl(tenant, config.logo),
    favicon_url: tenantAssetUrl(tenant, config.favicon),
    ...config.urls,
    password_reset_url: config.oidc.password_reset_url ?? null,
    succession_apply_categories: [...config.succession_apply_categories],
    copyright: config.copyright,
    card_brands: [...config.card_brands],
    partner_company_user_limit: config.partner_company_user_limit,
    registration_variants: [...config.registration_variants],
    babank: config.babank ? { ...config.babank } : null,
    nationwide_matching: config.nationwide_matching,
    features: { ...config.features },
    customize: { ...config.customize },
    new_badge_periods: { ...config.new_badge_periods },
    theme: { name: config.theme.name, tokens: tenant.theme },
  };
}

/** The page title: the bank's service name plus the bank name (spec section 1). */
export function pageTitle(tenant: Tenant): string {
  return `${tenant.config.service_name} | ${tenant.config.bank_name}`;
}

/**
 * Analytics tags load only when the bank has ids and its customize block allows the tag, and only
 * where the deployment carries tags (production, or ANALYTICS_OUTSIDE_PRODUCTION).
 */
export function analyticsIds(
  tenant: Tenant,
  deployment: Pick<DeploymentInfo, 'analyticsTags'>,
): { gaId: string | null; gtmId: string | null } {
  if (!deployment.analyticsTags || !tenant.config.customize.enable_analytics_tag) {
    return { gaId: null, gtmId: null };
  }
  return { gaId: tenant.config.ga_id, gtmId: tenant.config.gtm_id };
}

/** Demo (9980) and test (9998) banks are never indexed, nor any bank that asks for noindex. */
export function isNoindex(tenant: Tenant): boolean {
  return tenant.config.noindex || NOINDEX_BANK_CODES.includes(tenant.code);
}
