// zod/mini: the browser parses this schema at start-up, so it sits in the entry chunk (see theme-tokens.ts).
import * as z from 'zod/mini';
import { themeNameSchema, themeTokensSchema } from './theme-tokens.ts';

const newBadgePeriod = z.object({ value: z.int(), unit: z.enum(['minutes', 'days', 'months']) });

/**
 * The public part of a bank's configuration: what the browser may see (spec section 3, app config).
 * Built on the server from the tenant file; never carries a secret, the OIDC client, the staff
 * IP allowlist or another bank's data. The response schema drops anything not listed here.
 */
export const publicAppConfigSchema = z.object({
  bank: z.object({
    code: z.string(),
    name: z.string(),
    ba_name: z.string(),
    hide_bank_code: z.boolean(),
    contact: z.object({ name: z.string(), tel: z.string(), email: z.string() }),
  }),
  bank_code: z.string(),
  system_name: z.string(),
  system_prefix: z.string(),
  env: z.enum(['development', 'test', 'production']),
  build_version: z.string(),
  ga_id: z.nullable(z.string()),
  gtm_id: z.nullable(z.string()),
  /**
   * Where the browser reports errors (the deployment's SENTRY_DSN), null when reporting is off. A DSN
   * is public by design: its key only lets a client send events. An absent field reads as null.
   */
  sentry_dsn: z._default(z.nullable(z.string()), null),
  logo_url: z.string(),
  favicon_url: z.string(),
  url: z.string(),
  privacy_url: z.string(),
  bamanager_url: z.string(),
  employee_invitation_url: z.string(),
  fukuri_url: z.string(),
  invoice_url: z.string(),
  help_url: z.string(),
  support_desk_url: z.string(),
  operating_rules_pdf_url: z.string(),
  service_spec_pdf_url: z.string(),
  cookie_policy_url: z.nullable(z.string()),
  /**
   * Where a user resets a forgotten password when the bank's identity provider keeps passwords
   * itself (the tenant file's oidc.password_reset_url): /reminder sends the user there. Null: the
   * portal's own /reminder resets it. An absent field reads as null.
   */
  password_reset_url: z._default(z.nullable(z.string()), null),
  chat_api_url: z.string(),
  shares_api_url: z.string(),
  succession_apply_categories: z.array(z.string()),
  copyright: z.string(),
  card_brands: z.array(z.string()),
  /**
   * How many business users (company_user) a partner company may create; 0: none (the business-user
   * setting then needs enable_business_user). An absent field reads as 0.
   */
  partner_company_user_limit: z._default(z.int(), 0),
  /** The /register variants the bank offers (registration-variants.ts). An absent field reads as none. */
  registration_variants: z._default(z.array(z.string()), []),
  babank: z.nullable(z.object({ unique_code: z.string(), code: z.string(), name: z.string() })),
  /**
   * The bank takes part in the nationwide matching network (tenant file nationwide_matching): its
   * companies may publish needs nationwide and search the network's. An absent field reads as false.
   */
  nationwide_matching: z._default(z.boolean(), false),
  features: z.record(z.string(), z.boolean()),
  customize: z.record(z.string(), z.boolean()),
  new_badge_periods: z.record(z.string(), newBadgePeriod),
  theme: z.object({ name: themeNameSchema, tokens: themeTokensSchema }),
});
export type PublicAppConfig = z.infer<typeof publicAppConfigSchema>;

/** The element id of the JSON block in index.html that carries the public config. */
export const APP_CONFIG_ELEMENT_ID = 'app-config';
