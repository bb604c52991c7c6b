import type { RouteObject } from 'react-router';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import {
  REGISTRATION_VARIANT_CODES,
  REGISTRATION_VARIANTS,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import { THANK_YOU_PATH } from './thank-you.ts';

/** The form of one variant, at /register/{variant}. */
function applicationRoute(code: RegistrationVariantCode): RouteObject {
  return {
    path: `/register/${code}`,
    handle: { title: REGISTRATION_VARIANTS[code].title } satisfies PageHandle,
    lazy: async () => {
      const { ApplicationPage } = await import('./application-page.tsx');
      return { Component: () => <ApplicationPage code={code} /> };
    },
  };
}

/** The variants with a layout of their own (the two banks' upgrade registrations). */
type UpgradeVariant = 'bizsol' | 'ibmft';
const UPGRADE_VARIANTS: readonly RegistrationVariantCode[] = ['bizsol', 'ibmft'] satisfies UpgradeVariant[];

/** The register layout's pages: the chooser, the agreement, the forms, the thank-you page. */
export const applicationRoutes: RouteObject[] = [
  {
    path: '/register',
    handle: { title: '新規登録' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./register-chooser-page.tsx')).RegisterChooserPage }),
  },
  {
    path: '/register/agreement',
    handle: { title: '利用規約への同意' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./register-agreement-page.tsx')).RegisterAgreementPage }),
  },
  {
    path: THANK_YOU_PATH,
    handle: { title: 'お申し込みありがとうございました' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./register-thank-you-page.tsx')).RegisterThankYouPage }),
  },
  ...REGISTRATION_VARIANT_CODES.filter((code) => !UPGRADE_VARIANTS.includes(code)).map(applicationRoute),
];

/** An upgrade registration's form, in its bank's register-upgrade layout. */
export function upgradeApplicationRoutes(variant: UpgradeVariant): RouteObject[] {
  return [applicationRoute(variant)];
}
