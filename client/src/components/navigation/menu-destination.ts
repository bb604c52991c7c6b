import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import type { MenuItem } from '#server/contracts/menu-item.ts';

/** Where pressing a menu entry leads. */
export type MenuDestination =
  | { kind: 'route'; to: string }
  | { kind: 'new-tab'; href: string }
  | { kind: 'action'; action: NonNullable<MenuItem['action']> }
  | { kind: 'none' };

/**
 * An external service's address for this bank (spec section 2): the service's base url with the
 * bank's code, so the service knows which bank's customer arrives.
 */
export function externalServiceUrl(baseUrl: string, bankCode: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set('bank_code', bankCode);
  return url.toString();
}

/**
 * The app paths that stand for external services (spec section 2: /fukuri opens the welfare-benefits
 * site, the invoice entry the invoice service, both in a new tab with the bank's code).
 */
export function externalServiceOf(
  link: string,
  config: Pick<PublicAppConfig, 'fukuri_url' | 'invoice_url' | 'bank_code'>,
): string | undefined {
  if (link === '/fukuri') return externalServiceUrl(config.fukuri_url, config.bank_code);
  if (link === '/invoice') return externalServiceUrl(config.invoice_url, config.bank_code);
  return undefined;
}

export function destinationOf(
  item: MenuItem,
  config: Pick<PublicAppConfig, 'fukuri_url' | 'invoice_url' | 'bank_code'>,
): MenuDestination {
  if (item.action) return { kind: 'action', action: item.action };
  if (!item.link) return { kind: 'none' };
  const external = externalServiceOf(item.link, config);
  if (external) return { kind: 'new-tab', href: external };
  const target = item.hash ? `${item.link}#${item.hash}` : item.link;
  return item.target === '_blank' ? { kind: 'new-tab', href: target } : { kind: 'route', to: target };
}
