import type { PageEntry } from '#server/contracts/pages/page-list.ts';
import { applicationPages, registrationPages, upgradePages } from '#server/contracts/pages/registration.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute, type PageRoute } from '#client/lib/client-domain.ts';
import {
  REGISTRATION_VARIANT_CODES,
  REGISTRATION_VARIANT_TITLES,
  type RegistrationVariantCode,
  UPGRADE_VARIANT_CODES,
} from '#server/contracts/registration-variant-titles.ts';

/** The form of one variant, at /register/{variant} (in its definition's layout). */
function applicationRoute(code: RegistrationVariantCode): PageRoute {
  return pageRoute(applicationPages[code], {
    handle: { title: REGISTRATION_VARIANT_TITLES[code] } satisfies PageHandle,
    lazy: async () => {
      const { ApplicationPage } = await import('./application-page.tsx');
      return { Component: () => <ApplicationPage code={code} /> };
    },
  });
}

/** A page of a variant drawn by a component that takes the variant's code. */
function variantRoute(
  page: PageEntry,
  code: RegistrationVariantCode,
  title: string,
  load: () => Promise<(props: { code: RegistrationVariantCode }) => React.JSX.Element>,
): PageRoute {
  return pageRoute(page, {
    handle: { title } satisfies PageHandle,
    lazy: async () => {
      const Page = await load();
      return { Component: () => <Page code={code} /> };
    },
  });
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
export const applicationRoutes = [
  pageRoute(registrationPages.chooser, {
    handle: { title: '新規登録' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./register-chooser-page.tsx')).RegisterChooserPage }),
  }),
  pageRoute(registrationPages.agreement, {
    handle: { title: '利用規約への同意' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./register-agreement-page.tsx')).RegisterAgreementPage }),
  }),
  ...[registrationPages.thankYou, registrationPages.portalThankYou].map((page) =>
    pageRoute(page, {
      handle: { title: 'お申し込みありがとうございました' } satisfies PageHandle,
      lazy: thankYou,
    }),
  ),
  variantRoute(registrationPages.portalOwner, 'portal', 'ポータル会員登録（代表者・管理者の方）', ownerEntry),
  variantRoute(registrationPages.portalEmployee, 'portal', 'ポータル会員登録（従業員の方）', employeeEntry),
  ...REGISTRATION_VARIANT_CODES.filter((code) => !isUpgradeVariant(code)).map(applicationRoute),
];

/** An upgrade registration's form, in its bank's register-upgrade layout. */
export function upgradeApplicationRoutes(variant: UpgradeVariant): PageRoute[] {
  const title = REGISTRATION_VARIANT_TITLES[variant];
  const pages = upgradePages[variant];
  return [
    applicationRoute(variant),
    variantRoute(pages.owner, variant, `${title}（代表者・管理者の方）`, ownerEntry),
    variantRoute(pages.employee, variant, `${title}（従業員の方）`, employeeEntry),
    variantRoute(pages.progress, variant, `${title} 申込状況の確認`, progress),
  ];
}
