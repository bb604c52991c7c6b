import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from '#client/lib/router/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { RouteErrorPage } from '#client/app/error-pages/route-error-page.tsx';
import { createRouteGuard } from '#client/app/route-guard.ts';
import { config0158, config0182, FIXTURE_BANKS, withOptions } from '../fixtures/app-configs.ts';
import { createProviders } from '../fixtures/render-layout.tsx';
import { fixtureUser } from '../fixtures/users.ts';

const noChunkReload = { handle: () => false, isReloading: () => false, follow: () => () => {} };

/**
 * A logged-in layout guarded as router.tsx guards the company and admin layouts, with a stand-in page
 * for every path; the route error element of the app around it.
 */
function renderGuarded(
  path: string,
  { user, config }: { user: LoggedInUser | null; config: PublicAppConfig },
) {
  const pageLocation = { assign: vi.fn() };
  const guard = createRouteGuard({ session: async () => ({ config, user }), pageLocation });
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: () => <RouteErrorPage chunkReload={noChunkReload} />,
        children: [
          {
            middleware: [guard],
            Component: () => <Outlet />,
            children: [{ path: '*', Component: () => <p>ページ本文</p> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const { Providers } = createProviders({ config, user });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, pageLocation };
}

async function expectPageAt(router: ReturnType<typeof renderGuarded>['router'], path: string) {
  await screen.findByText('ページ本文');
  expect(router.state.location.pathname).toBe(path);
}

beforeEach(() => {
  // The denied pages are answers, not faults; the router still logs what its boundaries catch.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(FIXTURE_BANKS)('route guard on bank $code', ({ config }) => {
  it('sends a visitor to /login?r=<the wanted path with its query> by a full page load', async () => {
    const { pageLocation } = renderGuarded('/mypage/news?page=2', { user: null, config: config() });
    await waitFor(() =>
      expect(pageLocation.assign).toHaveBeenCalledWith('/login?r=%2Fmypage%2Fnews%3Fpage%3D2'),
    );
    expect(screen.queryByText('ページ本文')).not.toBeInTheDocument();
  });

  it('renders the page a user may open', async () => {
    const { router, pageLocation } = renderGuarded('/mypage/dashboard', {
      user: fixtureUser('company_owner'),
      config: config(),
    });
    await expectPageAt(router, '/mypage/dashboard');
    expect(pageLocation.assign).not.toHaveBeenCalled();
  });

  it('redirects a company user from /admin to /mypage/dashboard', async () => {
    const { router } = renderGuarded('/admin/company', {
      user: fixtureUser('company_user'),
      config: config(),
    });
    await expectPageAt(router, '/mypage/dashboard');
  });

  it('redirects bank staff from /mypage to /admin/dashboard', async () => {
    const { router } = renderGuarded('/mypage/news', { user: fixtureUser('branch_user'), config: config() });
    await expectPageAt(router, '/admin/dashboard');
  });

  it('shows 422 この端末からはアクセスできません。 to bank staff outside the allowlist', async () => {
    renderGuarded('/admin/dashboard', {
      user: fixtureUser('bank_admin', { is_permitted_ipaddress: false }),
      config: config(),
    });
    expect(await screen.findByText('この端末からはアクセスできません。')).toBeInTheDocument();
    expect(screen.queryByText('ページ本文')).not.toBeInTheDocument();
  });

  it("shows 422 with the bank's off-hours message", async () => {
    renderGuarded('/admin/company', {
      user: fixtureUser('branch_admin', { offhour_message: '<p>ただいま営業時間外です。</p>' }),
      config: config(),
    });
    expect(await screen.findByText('ただいま営業時間外です。')).toBeInTheDocument();
  });

  it('shows 403 権限がありません for a page the user has no permission for', async () => {
    renderGuarded('/mypage/matching/received_history', {
      user: fixtureUser('company_employee'),
      config: config(),
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('権限がありません');
  });

  it('shows 403 to branch staff on the newsletter and registration-detail pages', async () => {
    renderGuarded('/admin/newsletter/detail/3', { user: fixtureUser('branch_admin'), config: config() });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('権限がありません');
  });
});

describe('route guard: feature rules', () => {
  it('shows the unsubscribe variant 権限がありません。 when the route is off', async () => {
    renderGuarded('/mypage/setting/unsubscribe', {
      user: fixtureUser('company_owner'),
      config: withOptions(config0182(), { features: { enable_unsubscribe_route: false } }),
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('権限がありません。');
  });

  it('sends an owner who has not agreed to the forum terms to /mypage/forum/policy', async () => {
    const { router } = renderGuarded('/mypage/forum/form', {
      user: fixtureUser('company_owner'),
      config: withOptions(config0182(), { features: { enable_forum: true } }),
    });
    await expectPageAt(router, '/mypage/forum/policy');
  });

  it('sends a company user away from the forum to the dashboard', async () => {
    const { router } = renderGuarded('/mypage/forum', {
      user: fixtureUser('company_user'),
      config: withOptions(config0182(), { features: { enable_forum: true } }),
    });
    await expectPageAt(router, '/mypage/dashboard');
  });

  it('sends an owner of a bank without the forum (0158) to the dashboard', async () => {
    const { router } = renderGuarded('/mypage/forum/policy', {
      user: fixtureUser('company_owner'),
      config: config0158(),
    });
    await expectPageAt(router, '/mypage/dashboard');
  });

  it('sends a company user whose card is required and missing to the card form', async () => {
    const config = withOptions(config0182(), {
      features: { check_payment_method_filled: true, is_payment_method_filled: false },
    });
    const first = renderGuarded('/mypage/news', { user: fixtureUser('company_owner'), config });
    await expectPageAt(first.router, '/mypage/payment/card/create');
  });

  it('lets the card form itself open when a card is required', async () => {
    const config = withOptions(config0182(), {
      features: { check_payment_method_filled: true, is_payment_method_filled: false },
    });
    const { router } = renderGuarded('/mypage/payment/card/complate', {
      user: fixtureUser('company_user'),
      config,
    });
    await expectPageAt(router, '/mypage/payment/card/complate');
  });

  it('keeps the 403 of attendance for users, and opens the application page to them', async () => {
    const config = withOptions(config0182(), { features: { enable_attendance: true } });
    const { router } = renderGuarded('/mypage/chanto-attendance/application', {
      user: fixtureUser('company_user'),
      config,
    });
    await expectPageAt(router, '/mypage/chanto-attendance/application');
  });
});
