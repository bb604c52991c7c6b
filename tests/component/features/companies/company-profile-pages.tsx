import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { vi } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { companyProfileRoutes } from '#client/features/companies/company/pages.tsx';
import { createProviders, type FakeApi } from '#tests/component/fixtures/render-layout.tsx';
import { ErrorStatus, preloadMasterLists } from '#tests/component/fixtures/registration-fixtures.tsx';

/**
 * The company's own profile pages (/mypage/company/edit, /mypage/mybusiness/edit) as the app shows
 * them: the real routes, lazily loaded, inside the app's providers with the master lists in the
 * query cache (as start-up leaves them), the toasts and the overlay on screen, and the shell's
 * user refresh (useRefreshCurrentUser) as a spy.
 */
export function renderProfilePage(
  path: string,
  { user, api, config }: { user: LoggedInUser; api: FakeApi; config?: PublicAppConfig },
) {
  const refreshUser = vi.fn(async () => {});
  const { Providers, fetch, queryClient } = createProviders({ config, user, api, refreshUser });
  preloadMasterLists(queryClient);
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...companyProfileRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { router, fetch, refreshUser, user: userEvent.setup() };
}

/** Loads the pages' modules once, so the first test does not spend its time on the import. */
export async function preloadProfilePages(): Promise<void> {
  await Promise.all([
    import('#client/features/companies/company/company-profile-edit-page.tsx'),
    import('#client/features/companies/company/business-profile-edit-page.tsx'),
  ]);
}
