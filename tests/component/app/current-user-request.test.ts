import { describe, expect, it, vi } from 'vitest';
import {
  CURRENT_USER_PATH as CONTRACT_CURRENT_USER_PATH,
  LOGIN_PATH,
  SWITCH_BACK_PARAM,
} from '#server/contracts/identity.ts';
import { SWITCH_BACK_URL } from '#client/components/app-bar/impersonation-banner.tsx';
import { CURRENT_USER_PATH, fetchCurrentUser } from '#client/app/startup/current-user-request.ts';
import { createApiClient } from '#client/lib/request/api-client.ts';
import { fixtureUser } from '../fixtures/users.ts';

function clientAnswering(status: number, body: unknown, currentPath = '/mypage/dashboard') {
  const showErrorPage = vi.fn();
  const fetch = vi.fn<typeof globalThis.fetch>(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  const api = createApiClient({
    baseUrl: () => 'http://api.test',
    fetch,
    reporter: { captureException: vi.fn(), captureMessage: vi.fn() },
    credentials: { read: () => null },
    navigation: { currentPath: () => currentPath, previousPath: () => null },
    showErrorPage,
    logError: vi.fn(),
  });
  return { api, fetch, showErrorPage };
}

describe('fetchCurrentUser (GET /api/v1/user/me)', () => {
  it('reads a 401 as "not logged in", without the 401 page', async () => {
    const { api, fetch, showErrorPage } = clientAnswering(401, {
      status: 'error',
      message: 'ログインが必要です',
    });
    await expect(fetchCurrentUser(api)).resolves.toBeNull();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('http://api.test/api/v1/user/me');
    expect(showErrorPage).not.toHaveBeenCalled();
  });

  it('answers the logged-in user, parsed with the contract', async () => {
    const user = fixtureUser('branch_admin');
    const { api } = clientAnswering(200, { status: 'success', result: user });
    await expect(fetchCurrentUser(api)).resolves.toEqual(user);
  });

  it('throws on a user that does not match the contract: a bug, not a visitor', async () => {
    const { api } = clientAnswering(200, { status: 'success', result: { user_type: 'company_owner' } });
    await expect(fetchCurrentUser(api)).rejects.toThrow();
  });

  it('reads a server failure as nobody logged in (the request layer reports it)', async () => {
    const { api } = clientAnswering(500, { status: 'error', message: 'System Error' });
    await expect(fetchCurrentUser(api)).resolves.toBeNull();
  });
});

describe('identity paths written out in first-visit code', () => {
  it('equal the contract (server/contracts/identity.ts)', () => {
    expect(CURRENT_USER_PATH).toBe(CONTRACT_CURRENT_USER_PATH);
    expect(SWITCH_BACK_URL).toBe(`${LOGIN_PATH}?${SWITCH_BACK_PARAM}=1`);
  });
});
