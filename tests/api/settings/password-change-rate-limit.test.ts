import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_MESSAGES } from '#server/contracts/password-change.ts';
import { type Actor, BANK_A, startWorld, type World } from '#tests/support/world.ts';

/**
 * Guessing the current password at /mypage/setting/password costs what it costs at the login: the
 * tries of one user are held to the login's budget (LOGIN_RATE_LIMIT_MAX a minute; 5 here, which
 * the world's two logins also fit in).
 */

const BUDGET = 5;

describe('POST /api/v1/setting/password: repeated tries', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ gateway: { env: { LOGIN_RATE_LIMIT_MAX: String(BUDGET) } } });
    await world.cookieOf(BANK_A, 'company_owner');
    await world.cookieOf(BANK_A, 'company_user');
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  const change = (actor: Actor, current: string) =>
    world.send(BANK_A, actor, {
      method: 'POST',
      url: '/api/v1/setting/password',
      payload: {
        current_password: current,
        password: 'ratelimit2026A',
        password_confirmation: 'ratelimit2026A',
      },
    });

  it('refuses a user’s tries past the login’s budget (429), the right password included', async () => {
    for (let attempt = 1; attempt <= BUDGET; attempt += 1) {
      expect((await change('company_owner', `guess-${attempt}`)).statusCode).toBe(422);
    }
    const limited = await change('company_owner', 'demo-password');
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'error', message: PASSWORD_CHANGE_MESSAGES.rateLimited });
  });

  it('counts each user apart: another user still changes theirs', async () => {
    const answer = await change('company_user', 'demo-password');
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
