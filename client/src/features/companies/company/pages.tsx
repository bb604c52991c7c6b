import { companiesPages } from '#server/contracts/pages/companies.ts';
import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.company.path };

/** The company's own profile pages (company layout), each its own chunk. */
export const companyProfileRoutes = [
  pageRoute(companiesPages.companyEdit, {
    handle: { title: '企業情報の編集', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { CompanyProfileEditPage } = await import('./company-profile-edit-page.tsx');
      return { element: <CompanyProfileEditPage /> };
    },
  }),
  pageRoute(companiesPages.businessEdit, {
    handle: { title: '事業情報の編集', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { BusinessProfileEditPage } = await import('./business-profile-edit-page.tsx');
      return { element: <BusinessProfileEditPage /> };
    },
  }),
];
