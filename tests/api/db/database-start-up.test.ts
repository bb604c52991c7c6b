import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CLIENT_DIST, ROOT_DIR } from '#tests/support/app.ts';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { findFreePort } from '#tests/support/idp.ts';

/**
 * The gateway as the image runs it (`node server/main.ts`) pointed at a PostgreSQL it cannot use:
 * it must stop within 10 s of its start-up's first line with one log line that names the cause, and
 * a non-zero exit. (From its first line: loading Node and the modules took up to 8 s on a busy CI
 * machine, which is not what this measures.)
 */
const MAIN_SCRIPT = path.join(ROOT_DIR, 'server', 'main.ts');
const START_BUDGET_MS = 10_000;
// Past the budget the test stops the process itself, so a hang fails the test instead of the run.
const KILL_AFTER_MS = 30_000;

interface FailedStart {
  exitCode: number | null;
  /** From the first line the gateway wrote to its exit. */
  elapsedMs: number;
  /** stdout, parsed line by line (pino writes JSON lines there). */
  lines: Record<string, unknown>[];
  stdout: string;
  stderr: string;
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-start-up-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function startGateway(databaseUrl: string): Promise<FailedStart> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [MAIN_SCRIPT], {
    cwd: ROOT_DIR,
    // Only what the gateway needs: neither the runner's DATABASE_URL nor its REDIS_URL.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: FIXTURE_CLIENT_DIST,
      TENANT_WATCH: 'false',
      START_IDP: 'false',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let firstLineAt: number | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    firstLineAt ??= performance.now();
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const spawnedAt = performance.now();
  const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  const exitCode = await new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  clearTimeout(killer);
  const elapsedMs = performance.now() - (firstLineAt ?? spawnedAt);
  const lines = stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { exitCode, elapsedMs, lines, stdout, stderr };
}

/** The run stopped in time, with a non-zero exit and exactly one error line, and printed no stack trace. */
function expectOneClearFailure(run: FailedStart, reason: string, message: RegExp) {
  expect(
    run.elapsedMs,
    `ran ${Math.round(run.elapsedMs)} ms after its first line:\n${run.stdout}`,
  ).toBeLessThan(START_BUDGET_MS);
  expect(run.exitCode).not.toBe(0);
  expect(run.exitCode).not.toBeNull();
  const failures = run.lines.filter((line) => Number(line.level) >= 50);
  expect(failures, run.stdout).toHaveLength(1);
  expect(failures[0]).toMatchObject({ reason });
  expect(String(failures[0]?.msg)).toMatch(message);
  expect(run.stdout + run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr).toBe('');
}

describe('a gateway that cannot use its database stops at start-up with one log line', () => {
  it('when nothing listens at the address (connection refused)', async () => {
    const port = await findFreePort();
    const run = await startGateway(`postgres://portal:do-not-log-me@127.0.0.1:${port}/portal`);
    expectOneClearFailure(run, 'unreachable', new RegExp(`127\\.0\\.0\\.1:${port}.*(unreachable|refused)`));
    expect(run.stdout).not.toContain('do-not-log-me');
    console.info(`refused: failed in ${Math.round(run.elapsedMs)} ms`);
  });

  it('when the server accepts the connection but never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silentServer = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    const { port } = silentServer.address() as net.AddressInfo;
    try {
      const run = await startGateway(`postgres://portal@127.0.0.1:${port}/portal`);
      expectOneClearFailure(run, 'silent', /did not answer/);
      console.info(`silent: failed in ${Math.round(run.elapsedMs)} ms`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silentServer.close(resolve));
    }
  });
});

// These need a real PostgreSQL server (DATABASE_URL); under CI a missing one fails instead of skipping.
describe.runIf(testDatabaseKinds().includes('postgres'))('on a PostgreSQL server that refuses it', () => {
  const serverUrl = () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set (CI=true needs PostgreSQL)');
    return new URL(url);
  };

  it('stops when the database does not exist', async () => {
    const url = serverUrl();
    const missing = `portal_missing_${randomBytes(4).toString('hex')}`;
    url.pathname = `/${missing}`;
    const run = await startGateway(url.toString());
    expectOneClearFailure(run, 'database_missing', new RegExp(`"${missing}" does not exist`));
    console.info(`missing database: failed in ${Math.round(run.elapsedMs)} ms`);
  });

  it('stops when the server refuses the login', async () => {
    const url = serverUrl();
    const role = `portal_no_role_${randomBytes(4).toString('hex')}`;
    url.username = role;
    url.password = 'wrong-password';
    const run = await startGateway(url.toString());
    expectOneClearFailure(run, 'auth_refused', new RegExp(`refused.*"${role}"`));
    expect(run.stdout).not.toContain('wrong-password');
    console.info(`login refused: failed in ${Math.round(run.elapsedMs)} ms`);
  });
});
