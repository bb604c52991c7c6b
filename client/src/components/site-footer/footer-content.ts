import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import { inquiryPages } from '#server/contracts/pages/inquiry.ts';
import { staticPages } from '#server/contracts/pages/static-pages.ts';

/*
 * The footer links to the bank's documents and the inquiry form by their page definitions, not
 * through the whole page table, which every public page's first visit would otherwise load
 * (tests/e2e/script-budget.test.ts); the no-dead-links test checks the footer against the table.
 */

export type FooterLink =
  { label: string; kind: 'internal'; to: string } | { label: string; kind: 'external'; href: string };

/**
 * What the site footer shows for a bank (spec section 2): its logo and bank code, each subject to a
 * customize option (the code also to hide_bank_code), and the links — rule, cookie policy, R&C rule,
 * privacy policy (the bank's own site), inquiry. A customize option the bank left unset keeps the
 * default display; only an explicit false hides. An internal link names its page's definition
 * (server/contracts/pages/), so it cannot outlive the page.
 */
export function footerContentOf(
  config: Pick<PublicAppConfig, 'bank' | 'customize' | 'cookie_policy_url' | 'privacy_url' | 'logo_url'>,
) {
  const shown = (option: string) => config.customize[option] !== false;
  const links: FooterLink[] = [{ label: '利用規約', kind: 'internal', to: staticPages.siteTerms.path }];
  if (shown('show_cookie_policy')) {
    // The bank's own cookie policy when it has one, else the portal's page.
    links.push(
      config.cookie_policy_url
        ? { label: 'Cookieポリシー', kind: 'external', href: config.cookie_policy_url }
        : { label: 'Cookieポリシー', kind: 'internal', to: staticPages.cookiePolicy.path },
    );
  }
  // The R&C rule exists only where the bank offers it, so it needs an explicit yes.
  if (config.customize.show_footer_rc_rule === true) {
    links.push({ label: 'R&C規約', kind: 'internal', to: staticPages.rcRules.path });
  }
  links.push({ label: 'プライバシーポリシー', kind: 'external', href: config.privacy_url });
  links.push({ label: 'お問い合わせ', kind: 'internal', to: inquiryPages.form.path });
  return {
    logoUrl: shown('show_footer_logo') ? config.logo_url : null,
    bankCode: !config.bank.hide_bank_code && shown('show_footer_bank_code') ? config.bank.code : null,
    links,
  };
}
