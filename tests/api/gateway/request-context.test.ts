import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BANK_A, BANK_B, startSecurityWorld } from '../security/security-world.ts';
import type { World } from '#tests/support/world.ts';

/**
 * The request context (server/plugins/request-context.ts): each request reads who is asking once,
 * whoever needs it (the guard's page rule, the handler, a badge), and works in its host's bank.
 */

let world: World;
beforeAll(async () => {
  world = await startSecurityWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('who is asking', () => {
  it('is read once for a call whose page rule and handler both need the user', async () => {
    const load = vi.spyOn(world.app.loggedInUsers, 'load');
    try {
      // The news search: the guard checks the page rule `news`, the handler the viewer's company.
      const response = await world.send(BANK_A, 'company_owner', {
        method: 'GET',
        url: '/api/v1/news/search?rows=25&page=1',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      load.mockRestore();
    }
  });

  it('is read once for the badge poll, whichever counters apply', async () => {
    const load = vi.spyOn(world.app.loggedInUsers, 'load');
    try {
      const response = await world.send(BANK_A, 'company_owner', {
        method: 'GET',
        url: '/api/v1/badges',
        headers: { 'x-badge-poll': '1' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(load.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      load.mockRestore();
    }
  });

  it("answers with the user's own bank on each host: the menu names each bank's own user", async () => {
    for (const code of [BANK_A, BANK_B]) {
      const response = await world.send(code, 'system_admin', { method: 'GET', url: '/api/v1/menu' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.side).toBe('admin');
    }
  });
});
