import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_TIMEOUT_MS } from '#server/auth/relying-party.ts';
import { seedDemoData } from '#server/demo-data.ts';
import { ROOT_DIR } from '#tests/support/app.ts';
import { findFreePort, rewriteIssuer } from '#tests/support/idp.ts';
import { apiGet, gatewayHost, loginAs, startLogin } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';

const HEALTHY_BANK = '0182';
/** Its issuer names a port nobody listens on: connections are refused at once. */
const REFUSING_BANK = '0163';
/** Its issuer names a server that accepts connections and never answers. */
const SILENT_BANK = '0189';

async function setIssuer(tenantsDir: string, code: string, issuer: string) {
  const file = path.join(tenantsDir, code, 'tenant.json');
  const tenant = JSON.parse(await fs.readFile(file, 'utf8')) as { oidc: { issuer: string } };
  tenant.oidc.issuer = issuer;
  await fs.writeFile(file, `${JSON.stringify(tenant, null, 2)}\n`);
}

/** A TCP server that takes connections and never says a word: a provider that hangs. */
async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The gateway's own answer for an unavailable provider: a Japanese page with Retry-After. */
function expectProviderUnavailablePage(response: Awaited<ReturnType<typeof startLogin>>) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body).toContain('ログインサービスに接続できませんでした');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.cookies.map((cookie) => cookie.name)).not.toContain('portal_login');
}

describe('one bank’s identity provider is unreachable', () => {
  let world: World;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;

  beforeAll(async () => {
    const closedPort = await findFreePort();
    silent = await startSilentServer();
    world = await startWorld({
      banks: [HEALTHY_BANK, REFUSING_BANK, SILENT_BANK],
      prepareTenants: async (tenantsDir) => {
        await setIssuer(
          tenantsDir,
          REFUSING_BANK,
          `http://localhost:${closedPort}/oidc/bank${REFUSING_BANK}`,
        );
        await setIssuer(tenantsDir, SILENT_BANK, `http://127.0.0.1:${silent.port}/oidc/bank${SILENT_BANK}`);
      },
    });
  });
  afterAll(async () => {
    await world?.close();
    await silent?.close();
  });

  it('boots the gateway, which serves every bank’s page', async () => {
    for (const code of [HEALTHY_BANK, REFUSING_BANK, SILENT_BANK]) {
      const page = await world.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: gatewayHost(code), accept: 'text/html' },
      });
      expect(page.statusCode, code).toBe(200);
    }
  });

  it('answers /login of a bank whose provider refuses connections with a 503 page within 3 s, while another bank logs in', async () => {
    const started = performance.now();
    const [refused, login] = await Promise.all([
      startLogin(world.app, REFUSING_BANK).then((response) => ({
        response,
        elapsed: performance.now() - started,
      })),
      loginAs(world.app, HEALTHY_BANK, `owner-${HEALTHY_BANK}`),
    ]);
    expectProviderUnavailablePage(refused.response);
    expect(refused.elapsed).toBeLessThan(3_000);
    expect((await apiGet(world.app, HEALTHY_BANK, login.cookie, '/api/v1/user/me')).statusCode).toBe(200);
  });

  it('answers /login of a bank whose provider hangs with a 503 page within 3 s, while another bank logs in', async () => {
    const started = performance.now();
    const [hanging, login] = await Promise.all([
      startLogin(world.app, SILENT_BANK).then((response) => ({
        response,
        elapsed: performance.now() - started,
      })),
      loginAs(world.app, HEALTHY_BANK, `bankadmin-${HEALTHY_BANK}`),
    ]);
    expectProviderUnavailablePage(hanging.response);
    expect(hanging.elapsed).toBeGreaterThanOrEqual(PROVIDER_TIMEOUT_MS - 100);
    expect(hanging.elapsed).toBeLessThan(3_000);
    expect(login.landing).toBe('/admin/dashboard');
  });

  it('answers the next /login of an unreachable bank at once, without waiting for the provider again', async () => {
    for (const code of [REFUSING_BANK, SILENT_BANK]) {
      await startLogin(world.app, code);
      const started = performance.now();
      const again = await startLogin(world.app, code);
      expectProviderUnavailablePage(again);
      expect(performance.now() - started, code).toBeLessThan(500);
    }
  });
});

describe('a bank added while the gateway and its provider run', () => {
  const ADDED_BANK = '0147';
  let world: World;

  beforeAll(async () => {
    world = await startWorld({ banks: [HEALTHY_BANK, '0158'], gateway: { watchTenants: true } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('answers on its host within 2 s of its folder appearing, and logs in at once', async () => {
    const pageOf = () =>
      world.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: gatewayHost(ADDED_BANK), accept: 'text/html' },
      });
    expect((await pageOf()).statusCode).toBe(404);

    // Its users exist before its folder does (the operator seeds, then adds the tenant).
    const source = path.join(ROOT_DIR, 'tenants', ADDED_BANK);
    const { bank_name } = JSON.parse(await fs.readFile(path.join(source, 'tenant.json'), 'utf8')) as {
      bank_name: string;
    };
    await seedDemoData(world.app.db, [{ code: ADDED_BANK, bank_name }]);

    // The folder appears whole (renamed in from a staging copy), its issuer on the test provider.
    const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-tenant-staging-'));
    await fs.cp(source, path.join(staging, ADDED_BANK), { recursive: true });
    await rewriteIssuer(staging, ADDED_BANK, world.idp.port);
    const added = performance.now();
    await fs.rename(path.join(staging, ADDED_BANK), path.join(world.tenantsDir, ADDED_BANK));
    await fs.rm(staging, { recursive: true, force: true });

    let status = 404;
    while (status === 404 && performance.now() - added < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await pageOf()).statusCode;
    }
    expect(status).toBe(200);
    expect(performance.now() - added).toBeLessThanOrEqual(2_000);

    for (const loginId of [`owner-${ADDED_BANK}`, `bankadmin-${ADDED_BANK}`]) {
      const login = await loginAs(world.app, ADDED_BANK, loginId);
      const me = await apiGet(world.app, ADDED_BANK, login.cookie, '/api/v1/user/me');
      expect(me.statusCode, loginId).toBe(200);
      expect(me.json().result.user_login_id).toBe(loginId);
    }
    // The banks that were there all along are untouched.
    await loginAs(world.app, HEALTHY_BANK, `owner-${HEALTHY_BANK}`);
  });
});
