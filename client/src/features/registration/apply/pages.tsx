import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import {
  REGISTRATION_VARIANT_CODES,
  REGISTRATION_VARIANT_TITLES,
  type RegistrationVariantCode,
  UPGRADE_VARIANT_CODES,
} from '#server/contracts/registration-variant-titles.ts';
import { PORTAL_THANK_YOU_PATH, THANK_YOU_PATH } from './thank-you.ts';

/** The form of one variant, at /register/{variant}. */
function applicationRoute(code: RegistrationVariantCode): RouteObject {
  return {
    path: `/register/${code}`,
    handle: { title: REGISTRATION_VARIANT_TITLES[code] } satisfies PageHandle,
    lazy: async () => {
      const { ApplicationPage } = await import('./application-page.tsx');
      return { Component: () => <ApplicationPage code={code} /> };
    },
  };
}

/** A page of a variant drawn by a component that takes the variant's code. */
function variantRoute(
  path: string,
  code: RegistrationVariantCode,
  title: string,
  load: () => Promise<(props: { code: RegistrationVariantCode }) => React.JSX.Element>,
): RouteObject {
  return {
    path,
    handle: { title } satisfies PageHandle,
    lazy: async () => {
      const Page = await load();
      return { Component: () => <Page code={code} /> };
    },
  };
}

const ownerEntry = async () => (await import('./register-entry-page.tsx')).RegisterOwnerEntryPage;
const employeeEntry = async () => (await import('./register-entry-page.tsx')).RegisterEmployeeEntryPage;
const progress = async () => (await import('./application-progress-page.tsx')).ApplicationProgressPage;
const thankYou = async () => ({
  Component: (await import('./register-thank-you-page.tsx')).RegisterThankYouPage,
});

/** The variants with a layout of their own (the two banks' upgrade registrations). */
type UpgradeVariant = (typeof UPGRADE_VARIANT_CODES)[number];
const isUpgradeVariant = (code: RegistrationVariantCode) =>
  (UPGRADE_VARIANT_CODES as readonly string[]).includes(code);

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
  ...[THANK_YOU_PATH, PORTAL_THANK_YOU_PATH].map((path) => ({
    path,
    handle: { title: 'お申し込みありがとうございました' } satisfies PageHandle,
    lazy: thankYou,
  })),
  variantRoute(
    '/register/portal/index_as_owner',
    'portal',
    'ポータル会員登録（代表者・管理者の方）',
    ownerEntry,
  ),
  variantRoute(
    '/register/portal/index_as_employee',
    'portal',
    'ポータル会員登録（従業員の方）',
    employeeEntry,
  ),
  ...REGISTRATION_VARIANT_CODES.filter((code) => !isUpgradeVariant(code)).map(applicationRoute),
];

/** An upgrade registration's form, in its bank's register-upgrade layout. */
export function upgradeApplicationRoutes(variant: UpgradeVariant): RouteObject[] {
  const title = REGISTRATION_VARIANT_TITLES[variant];
  return [
    applicationRoute(variant),
    variantRoute(`/register/${variant}/as_owner`, variant, `${title}（代表者・管理者の方）`, ownerEntry),
    variantRoute(`/register/${variant}/as_employee`, variant, `${title}（従業員の方）`, employeeEntry),
    variantRoute(`/register/${variant}/progress`, variant, `${title} 申込状況の確認`, progress),
  ];
}
