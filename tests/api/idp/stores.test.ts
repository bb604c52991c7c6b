import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { seedDemoData } from '#server/demo-data.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/database.ts';
import {
  completeProviderLogin,
  findFreePort,
  startTestIdentityProvider,
  tenantsForIssuerPort,
  type TestIdentityProvider,
} from '#tests/support/idp.ts';
import { createTestRedis, type TestRedis, testStoreKinds } from '../support/redis.ts';
import { authorizationRequest, portalClient, redeemCallback } from './relying-party.ts';

const BANKS = ['0182', '0158'] as const;
const silent = { info() {}, warn() {}, error() {} };

describe.each(testStoreKinds())('grants and sessions of the providers (%s store)', (store) => {
  let redis: TestRedis | undefined;
  let database: TestDatabase;
  let db: Database;
  let tenantsDir: string;
  let dataDir: string;
  let idp: TestIdentityProvider;

  const start = () =>
    startTestIdentityProvider({
      tenantsDir,
      db,
      dataDir,
      ...(redis ? { redis: { client: redis.client, keyPrefix: redis.keyPrefix } } : {}),
    });

  beforeAll(async () => {
    redis = store === 'redis' ? await createTestRedis() : undefined;
    database = await createTestDatabase();
    db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, logger: silent });
    await seedDemoData(
      db,
      BANKS.map((code) => ({ code, bank_name: code })),
    );
    tenantsDir = await tenantsForIssuerPort([...BANKS], await findFreePort());
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-idp-data-'));
    idp = await start();
  });
  afterAll(async () => {
    await idp?.close();
    await db?.close();
    await database?.drop();
    await redis?.close();
    await fs.rm(tenantsDir, { recursive: true, force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function logIn(code: string) {
    const config = await portalClient(idp, code);
    const request = await authorizationRequest(config, code);
    const { callbackUrl } = await completeProviderLogin(request.url, {
      loginId: `owner-${code}`,
      password: 'demo-password',
    });
    return { config, tokens: await redeemCallback(config, request, callbackUrl) };
  }

  it('keeps each bank’s keys on disk under dataDir/idp-keys', async () => {
    await logIn('0182');
    const files = await fs.readdir(path.join(dataDir, 'idp-keys'));
    expect(files).toEqual(expect.arrayContaining(['0182.json', 'cookie-secret']));
  });

  if (store === 'redis') {
    it('keeps grants, sessions and tokens in Redis under {prefix}{code}:idp:', async () => {
      for (const code of BANKS) await logIn(code);
      const keys = await redis!.client.keys(`${redis!.keyPrefix}*`);
      for (const code of BANKS) {
        const bankKeys = keys.filter((key) => key.startsWith(`${redis!.keyPrefix}${code}:idp:`));
        const models = new Set(
          bankKeys.map((key) => key.slice(`${redis!.keyPrefix}${code}:idp:`.length).split(':')[0]),
        );
        expect(models).toEqual(
          new Set(['Session', 'uid', 'Grant', 'grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode']),
        );
      }
      const other = keys.filter(
        (key) => !BANKS.some((code) => key.startsWith(`${redis!.keyPrefix}${code}:`)),
      );
      expect(other).toEqual([]);
    });
  }

  it(
    store === 'redis'
      ? 'refreshes a token issued before a restart (keys on disk, grants in Redis)'
      : 'refreshes a token while the process runs (the in-memory store does not survive a restart)',
    async () => {
      const { tokens } = await logIn('0158');
      if (store === 'redis') {
        await idp.close();
        idp = await start();
      }
      const config = await portalClient(idp, '0158');
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
      expect(refreshed.claims()?.sub).toBe(tokens.claims()?.sub);
    },
  );
});
