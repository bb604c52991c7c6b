import { createHash } from 'node:crypto';
import { APP_CONFIG_ELEMENT_ID, type PublicAppConfig } from '../contracts/app-config.ts';
import type { Tenant } from '../tenancy/tenant.ts';
import { themeToCssCustomProperties } from '../tenancy/theme.ts';
import type { ClientAssets } from './client-assets.ts';
import { escapeHtml } from './escape-html.ts';
import {
  analyticsIds,
  type DeploymentInfo,
  isNoindex,
  pageTitle,
  tenantAssetUrl,
} from './public-app-config.ts';

/** A bank's index.html, rendered once per tenant revision and served from memory. */
export interface BrandedPage {
  readonly html: string;
  readonly etag: string;
  /** Content-Security-Policy directives for this page (helmet's camelCase form). */
  readonly cspDirectives: Record<string, string[]>;
}

/** JSON inside <script type="application/json">: `<` and the JS line separators cannot end the element. */
const jsonForScriptElement = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const sha256Source = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;

const GTM_ORIGIN = 'https://www.googletagmanager.com';
const GA_ORIGINS = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * The origin the browser's Sentry SDK sends events to: the DSN's scheme, host and port (it posts to
 * `{origin}/api/{project id}/envelope/`). The DSN itself is public; only this origin enters the CSP.
 */
function errorReportingOrigin(sentryDsn: string | null): string | null {
  return sentryDsn === null ? null : new URL(sentryDsn).origin;
}

function gaBootstrap(gaId: string): string {
  return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(gaId)});`;
}

function gtmBootstrap(gtmId: string): string {
  return `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='${GTM_ORIGIN}/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(gtmId)});`;
}

/**
 * Renders the bank's index.html: title, favicon, robots hint, theme as CSS custom properties (so the
 * first paint is already in the bank's colours), the public config for the client, analytics tags
 * where the bank has them and allows them and the deployment carries them (production, unless
 * ANALYTICS_OUTSIDE_PRODUCTION), and the built client's entry. Every value is escaped;
 * inline scripts are admitted by the CSP through their hashes, not by 'unsafe-inline'. The CSP names
 * the analytics hosts only for a bank that loads them, and the error-reporting origin only with a DSN.
 */
export function renderBrandedIndex(
  tenant: Tenant,
  appConfig: PublicAppConfig,
  assets: ClientAssets,
  deployment: Pick<DeploymentInfo, 'analyticsTags'>,
): BrandedPage {
  const { gaId, gtmId } = analyticsIds(tenant, deployment);
  const inlineScripts: string[] = [];
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
  ];
  if (isNoindex(tenant)) head.push('<meta name="robots" content="noindex">');
  head.push(
    `<title>${escapeHtml(pageTitle(tenant))}</title>`,
    `<link rel="icon" href="${escapeHtml(tenantAssetUrl(tenant, tenant.config.favicon))}">`,
    `<meta name="theme-color" content="${escapeHtml(tenant.theme.colors.main)}">`,
    `<style id="theme-tokens">:root{${themeToCssCustomProperties(tenant.theme)}}</style>`,
    `<script id="${APP_CONFIG_ELEMENT_ID}" type="application/json">${jsonForScriptElement(appConfig)}</script>`,
  );
  if (gtmId) {
    const script = gtmBootstrap(gtmId);
    inlineScripts.push(script);
    head.push(`<script>${script}</script>`);
  }
  if (gaId) {
    const script = gaBootstrap(gaId);
    inlineScripts.push(script);
    head.push(
      `<script async src="${GTM_ORIGIN}/gtag/js?id=${encodeURIComponent(gaId)}"></script>`,
      `<script>${script}</script>`,
    );
  }
  for (const href of assets.stylesheets) head.push(`<link rel="stylesheet" href="${escapeHtml(href)}">`);
  for (const href of assets.modulePreloads)
    head.push(`<link rel="modulepreload" href="${escapeHtml(href)}">`);
  head.push(`<script type="module" src="${escapeHtml(assets.entryScript)}"></script>`);

  const body = ['<div id="root"></div>'];
  if (gtmId) {
    body.unshift(
      `<noscript><iframe src="${GTM_ORIGIN}/ns.html?id=${encodeURIComponent(gtmId)}" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>`,
    );
  }
  const html = `<!doctype html>\n<html lang="ja">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${body.join('\n')}\n</body>\n</html>\n`;

  const analytics = gaId !== null || gtmId !== null;
  const reportingOrigin = errorReportingOrigin(appConfig.sentry_dsn);
  const cspDirectives: Record<string, string[]> = {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    // styled-components writes <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", ...inlineScripts.map(sha256Source), ...(analytics ? [GTM_ORIGIN] : [])],
    imgSrc: ["'self'", 'data:', ...(analytics ? [GTM_ORIGIN, ...GA_ORIGINS] : [])],
    connectSrc: [
      "'self'",
      ...(analytics ? [GTM_ORIGIN, ...GA_ORIGINS] : []),
      ...(reportingOrigin ? [reportingOrigin] : []),
    ],
    frameSrc: analytics ? [GTM_ORIGIN] : ["'none'"],
    fontSrc: ["'self'", 'data:'],
  };
  const etag = `"${createHash('sha256').update(html).update(JSON.stringify(cspDirectives)).digest('base64url').slice(0, 27)}"`;
  return { html, etag, cspDirectives };
}
