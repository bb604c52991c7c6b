import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES, monthsBefore } from '#server/contracts/company-charges.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { companyCharges } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { type Actor, BANK_A, startWorld, type World } from '#tests/support/world.ts';

/**
 * Guessing a password at the charge save costs what it costs at the login: each try is one scrypt
 * hash, and the saves of one staff member are held to the login's budget (LOGIN_RATE_LIMIT_MAX a
 * minute; 5 here, which the world's two logins also fit in).
 */

const BUDGET = 5;

describe('POST /api/v1/company/charge/save: repeated tries', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ gateway: { env: { LOGIN_RATE_LIMIT_MAX: String(BUDGET) } } });
    await world.cookieOf(BANK_A, 'bank_admin');
    await world.cookieOf(BANK_A, 'system_admin');
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  const save = (actor: Actor, password: string, path = '/api/v1/company/charge/save') =>
    world.send(BANK_A, actor, {
      method: 'POST',
      url: path,
      payload: {
        company_unique_code: demoUniqueCode(BANK_A, 'company', 'hidamari-care'),
        charge_month: monthsBefore(japanDateString().slice(0, 7), 1),
        charge_kind: 'adjust',
        charge_amount: 100,
        charge_status: 'unbilled',
        password,
      },
    });

  const chargeCount = async () => {
    const [row] = await world.db.withBank(BANK_A, (tx) => tx.select({ rows: count() }).from(companyCharges));
    return row?.rows;
  };

  it('refuses a staff member’s saves past the login’s budget (429), the right password included', async () => {
    const before = await chargeCount();
    for (let attempt = 1; attempt <= BUDGET; attempt += 1) {
      const path = attempt % 2 === 0 ? '/api/v1/charge/save' : '/api/v1/company/charge/save';
      expect((await save('bank_admin', `guess-${attempt}`, path)).statusCode).toBe(422);
    }
    for (const path of ['/api/v1/company/charge/save', '/api/v1/charge/save']) {
      const limited = await save('bank_admin', 'demo-password', path);
      expect(limited.statusCode, limited.body).toBe(429);
      expect(limited.json()).toMatchObject({ status: 'error', message: CHARGE_MESSAGES.rateLimited });
      expect(limited.headers['retry-after']).toBeDefined();
    }
    expect(await chargeCount()).toBe(before);
  });

  it('counts each staff member apart: another admin still saves', async () => {
    const answer = await save('system_admin', 'demo-password');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(CHARGE_MESSAGES.saved);
  });
});
