import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it, vi } from 'vitest';
import { AppShell } from '#client/app/app-shell.tsx';
import { createErrorPageStore } from '#client/app/error-pages/error-page-store.ts';
import { useCurrentUser, useRefreshCurrentUser } from '#client/lib/current-user.ts';
import { config0182 } from '../fixtures/app-configs.ts';
import { fixtureUser } from '../fixtures/users.ts';

/** A page that shows the user's company as the app bar would, and saves a new name. */
function CompanyNamePage() {
  const user = useCurrentUser();
  const refresh = useRefreshCurrentUser();
  return (
    <>
      <p>{user?.company_name}</p>
      <button type="button" onClick={() => void refresh()}>
        保存する
      </button>
    </>
  );
}

describe('loading the logged-in user again (useRefreshCurrentUser)', () => {
  it('has start-up forget the user, runs the root loader again, and shows the new user in the whole shell', async () => {
    const names = ['株式会社さくら精工', 'さくら精工ホールディングス株式会社'];
    let loads = 0;
    const forgetUser = vi.fn();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            const name = names[Math.min(loads, names.length - 1)];
            loads += 1;
            return { config: config0182(), user: fixtureUser('company_owner', { company_name: name }) };
          },
          HydrateFallback: () => null,
          element: <AppShell errorPages={createErrorPageStore()} forgetUser={forgetUser} />,
          children: [{ index: true, element: <CompanyNamePage /> }],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('株式会社さくら精工')).toBeInTheDocument();
    expect(loads).toBe(1);

    await userEvent.setup().click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('さくら精工ホールディングス株式会社')).toBeInTheDocument();
    expect(forgetUser).toHaveBeenCalledTimes(1);
    expect(loads).toBe(2);
  });
});
