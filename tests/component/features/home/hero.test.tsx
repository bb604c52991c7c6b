import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { Hero } from '#client/features/home/components/hero.tsx';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { createProviders } from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

function renderHero(user: LoggedInUser | null, config: ReturnType<(typeof FIXTURE_BANKS)[number]['config']>) {
  const { Providers } = createProviders({ config, user });
  const router = createMemoryRouter([{ path: '/', Component: Hero }], { initialEntries: ['/'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe.each(FIXTURE_BANKS)('the top page on bank $code', ({ config }) => {
  it('offers a visitor ログインしてはじめる, a full page load of /login', () => {
    renderHero(null, config());
    expect(screen.getByRole('link', { name: 'ログインしてはじめる' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'マイページへ' })).not.toBeInTheDocument();
  });

  it.each(['company_owner', 'company_employee', 'partner_company_owner'] as const)(
    'offers a logged-in %s the way to /mypage/dashboard instead of the login',
    (userType) => {
      renderHero(fixtureUser(userType), config());
      expect(screen.getByRole('link', { name: 'マイページへ' })).toHaveAttribute('href', '/mypage/dashboard');
      expect(screen.queryByRole('link', { name: 'ログインしてはじめる' })).not.toBeInTheDocument();
    },
  );

  it.each(['system_admin', 'branch_user'] as const)(
    'offers logged-in bank staff (%s) the way to /admin/dashboard',
    (userType) => {
      renderHero(fixtureUser(userType), config());
      expect(screen.getByRole('link', { name: '管理画面へ' })).toHaveAttribute('href', '/admin/dashboard');
      expect(screen.queryByRole('link', { name: 'ログインしてはじめる' })).not.toBeInTheDocument();
    },
  );

  it('offers a first-time visitor the inquiry and the online application', () => {
    renderHero(null, config());
    expect(screen.getByRole('link', { name: 'お問い合わせ' })).toHaveAttribute('href', '/inquiry');
    expect(screen.getByRole('heading', { name: 'はじめてご利用の方へ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ご利用のお申し込み' })).toHaveAttribute('href', '/register');
  });

  it('leaves out the application link where the bank takes no application online', () => {
    renderHero(null, { ...config(), registration_variants: [] });
    expect(screen.getByRole('link', { name: 'お問い合わせ' })).toHaveAttribute('href', '/inquiry');
    expect(screen.queryByRole('link', { name: 'ご利用のお申し込み' })).not.toBeInTheDocument();
  });
});
