import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { completeProviderLogin, loginFailure, startProviderForBanks } from '#tests/support/idp.ts';
import { authorizationRequest, portalClient, redeemCallback } from './relying-party.ts';

const CODE = '0182';

describe('what the identity provider logs', () => {
  const lines: Record<string, unknown>[] = [];
  let idp: Awaited<ReturnType<typeof startProviderForBanks>>;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    idp = await startProviderForBanks([CODE], { logger: pino({ level: 'debug' }, stream) });
  });
  afterAll(async () => {
    await idp?.close();
  });

  it('names the bank and leaves out tokens, passwords and login ids', async () => {
    const config = await portalClient(idp, CODE);
    const request = await authorizationRequest(config, CODE);
    await loginFailure((await authorizationRequest(config, CODE)).url, {
      loginId: `owner-${CODE}`,
      password: 'a-wrong-secret',
    });
    const { callbackUrl } = await completeProviderLogin(request.url, {
      loginId: `bankadmin-${CODE}`,
      password: 'demo-password',
    });
    const tokens = await redeemCallback(config, request, callbackUrl);
    const [target] = await idp.db.withBank(CODE, (tx) =>
      tx
        .select({ sub: users.user_unique_code })
        .from(users)
        .where(eq(users.user_login_id, `user-${CODE}`)),
    );
    const switched = (await (
      await fetch(`${idp.issuer(CODE)}/token/switch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_unique_code: target?.sub }),
      })
    ).json()) as Record<string, string>;
    await fetch(`${idp.origin}/oidc/token/use_idtoken?id_token=${tokens.id_token}`, { method: 'POST' });

    const logged = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of [
      tokens.access_token,
      tokens.id_token,
      tokens.refresh_token,
      switched.access_token,
      switched.id_token,
      switched.refresh_token,
      'demo-password',
      'a-wrong-secret',
      `owner-${CODE}`,
      `bankadmin-${CODE}`,
      new URL(callbackUrl).searchParams.get('code'),
    ]) {
      expect(secret, 'a secret of the flow to look for').toMatch(/\S{6,}/);
      expect(logged).not.toContain(secret);
    }
    expect(lines).toContainEqual(
      expect.objectContaining({ bank: CODE, msg: 'login refused', outcome: 'refused' }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ bank: CODE, msg: 'login accepted' }));
    expect(lines).toContainEqual(expect.objectContaining({ bank: CODE, msg: 'user switch tokens issued' }));
    expect(lines).toContainEqual(
      expect.objectContaining({ path: '/oidc/token/use_idtoken', statusCode: 200, msg: 'request completed' }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ bank: CODE, path: `/oidc/bank${CODE}/token`, statusCode: 200 }),
    );
  });
});
