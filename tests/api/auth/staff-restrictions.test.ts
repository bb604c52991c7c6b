import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, gatewayHost, loginAs } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';

/**
 * The two restrictions a bank puts on its own staff (tenant.json bank_staff_access): the address
 * allowlist and the office hours. Both answer 422 on every logged-in API call but /api/v1/user/me,
 * which reports them; company users are never restricted.
 */

const ALLOWLISTED_BANKS = ['0182', '0158'] as const;
const CLOSED_BANKS = ['0147', '0163'] as const;
const ALLOWLIST = ['203.0.113.0/24'];
const ALLOWED_ADDRESS = '203.0.113.5';
const OTHER_ADDRESS = '198.51.100.7';
const STAFF_ADDRESS_REFUSED = { status: 'error', message: 'この端末からはアクセスできません。' };
const offHoursMessageOf = (code: string) => `営業時間外のため利用できません（${code}）。`;

/** Today's weekday in Japan (0 = Sunday), as the office hours read it. */
function weekdayInTokyo(now = new Date()): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', weekday: 'short' }).format(now);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/** Sets a bank's bank_staff_access, when the world carries that bank. */
async function editStaffAccess(tenantsDir: string, code: string, access: object) {
  const file = path.join(tenantsDir, code, 'tenant.json');
  if (!(await fs.stat(file).catch(() => undefined))) return;
  const tenant = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
  tenant.bank_staff_access = access;
  await fs.writeFile(file, `${JSON.stringify(tenant, null, 2)}\n`);
}

/** Allowlisted banks restrict staff to 203.0.113.0/24; closed banks open only on a day that is not today. */
async function restrictStaff(tenantsDir: string) {
  for (const code of ALLOWLISTED_BANKS) {
    await editStaffAccess(tenantsDir, code, { ip_allowlist: ALLOWLIST, office_hours: null });
  }
  for (const code of CLOSED_BANKS) {
    await editStaffAccess(tenantsDir, code, {
      ip_allowlist: [],
      office_hours: {
        time_zone: 'Asia/Tokyo',
        weekdays: [(weekdayInTokyo() + 3) % 7],
        start: '09:00',
        end: '17:00',
        off_hours_message: offHoursMessageOf(code),
      },
    });
  }
}

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1), the client address is X-Forwarded-For', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld({
      banks: [...ALLOWLISTED_BANKS],
      prepareTenants: restrictStaff,
      gateway: { env: { TRUST_PROXY: '127.0.0.1' } },
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  for (const code of ALLOWLISTED_BANKS) {
    describe(`bank ${code} allows its staff 203.0.113.0/24 only`, () => {
      it('answers a bank admin’s menu from an allowlisted address', async () => {
        const login = await loginAs(world.app, code, `bankadmin-${code}`, { headers: from(ALLOWED_ADDRESS) });
        const menu = await apiGet(world.app, code, login.cookie, '/api/v1/menu', from(ALLOWED_ADDRESS));
        expect(menu.statusCode).toBe(200);
        expect(menu.json().result.side).toBe('admin');
      });

      it('refuses a bank admin’s menu from another address with 422 and the device message', async () => {
        const login = await loginAs(world.app, code, `bankadmin-${code}`, { headers: from(ALLOWED_ADDRESS) });
        const menu = await apiGet(world.app, code, login.cookie, '/api/v1/menu', from(OTHER_ADDRESS));
        expect(menu.statusCode).toBe(422);
        expect(menu.json()).toEqual(STAFF_ADDRESS_REFUSED);
      });

      it('checks the address on every request, so a change mid-session gets the 422', async () => {
        const login = await loginAs(world.app, code, `branchuser-${code}`, {
          headers: from(ALLOWED_ADDRESS),
        });
        const statuses = [];
        for (const address of [ALLOWED_ADDRESS, OTHER_ADDRESS, ALLOWED_ADDRESS]) {
          statuses.push(
            (await apiGet(world.app, code, login.cookie, '/api/v1/menu', from(address))).statusCode,
          );
        }
        expect(statuses).toEqual([200, 422, 200]);
      });

      it('still answers /api/v1/user/me from another address, reporting is_permitted_ipaddress false', async () => {
        const login = await loginAs(world.app, code, `bankadmin-${code}`, { headers: from(ALLOWED_ADDRESS) });
        const outside = await apiGet(world.app, code, login.cookie, '/api/v1/user/me', from(OTHER_ADDRESS));
        expect(outside.statusCode).toBe(200);
        expect(outside.json().result).toMatchObject({
          user_type: 'bank_admin',
          is_permitted_ipaddress: false,
          offhour_message: null,
        });
        const inside = await apiGet(world.app, code, login.cookie, '/api/v1/user/me', from(ALLOWED_ADDRESS));
        expect(inside.json().result.is_permitted_ipaddress).toBe(true);
      });

      it('never restricts a company owner of the same bank', async () => {
        const login = await loginAs(world.app, code, `owner-${code}`, { headers: from(OTHER_ADDRESS) });
        const menu = await apiGet(world.app, code, login.cookie, '/api/v1/menu', from(OTHER_ADDRESS));
        expect(menu.statusCode).toBe(200);
        expect(menu.json().result.side).toBe('company');
        const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me', from(OTHER_ADDRESS));
        expect(me.json().result.is_permitted_ipaddress).toBe(true);
      });
    });
  }
});

describe('without TRUST_PROXY, the socket address decides and X-Forwarded-For is ignored', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld({
      banks: [...ALLOWLISTED_BANKS, ...CLOSED_BANKS],
      prepareTenants: restrictStaff,
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  /** A GET as the logged-in browser from a given socket address. */
  const getFrom = (code: string, cookie: string, url: string, remoteAddress: string, headers = {}) =>
    world.app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { host: gatewayHost(code), cookie, ...headers },
    });

  for (const code of ALLOWLISTED_BANKS) {
    it(`refuses bank ${code}'s admin on a socket outside the allowlist whatever X-Forwarded-For claims`, async () => {
      const login = await loginAs(world.app, code, `bankadmin-${code}`);
      const spoofed = await getFrom(code, login.cookie, '/api/v1/menu', OTHER_ADDRESS, from(ALLOWED_ADDRESS));
      expect(spoofed.statusCode).toBe(422);
      expect(spoofed.json()).toEqual(STAFF_ADDRESS_REFUSED);
    });

    it(`answers bank ${code}'s admin on an allowlisted socket whatever X-Forwarded-For claims`, async () => {
      const login = await loginAs(world.app, code, `bankadmin-${code}`);
      const menu = await getFrom(code, login.cookie, '/api/v1/menu', ALLOWED_ADDRESS, from(OTHER_ADDRESS));
      expect(menu.statusCode).toBe(200);
    });
  }

  for (const code of CLOSED_BANKS) {
    describe(`bank ${code} is outside its office hours now`, () => {
      it('refuses its staff with 422 and the bank’s off-hours message', async () => {
        for (const loginId of [`bankadmin-${code}`, `branchuser-${code}`]) {
          const login = await loginAs(world.app, code, loginId);
          const menu = await apiGet(world.app, code, login.cookie, '/api/v1/menu');
          expect(menu.statusCode, loginId).toBe(422);
          expect(menu.json()).toEqual({ status: 'error', message: offHoursMessageOf(code) });
          const badges = await apiGet(world.app, code, login.cookie, '/api/v1/badges');
          expect(badges.statusCode, loginId).toBe(422);
        }
      });

      it('shows the off-hours message in /api/v1/user/me', async () => {
        const login = await loginAs(world.app, code, `bankadmin-${code}`);
        const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me');
        expect(me.statusCode).toBe(200);
        expect(me.json().result).toMatchObject({
          offhour_message: offHoursMessageOf(code),
          is_permitted_ipaddress: true,
        });
      });

      it('never restricts its company owner', async () => {
        const login = await loginAs(world.app, code, `owner-${code}`);
        expect((await apiGet(world.app, code, login.cookie, '/api/v1/menu')).statusCode).toBe(200);
        const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me');
        expect(me.json().result.offhour_message).toBeNull();
      });
    });
  }
});
