import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestRedis } from '#tests/api/support/redis.ts';
import { createTestDatabase } from './database.ts';
import { findFreePort, tenantsForIssuerPort, testIssuer } from './idp.ts';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const START_SCRIPT = path.join(ROOT_DIR, 'scripts', 'start.ts');

// The first start may build the client (scripts/start.ts does when dist/client is missing).
const DEFAULT_READY_TIMEOUT_MS = 150_000;
// Longer than the server's own grace period for in-flight requests (close-with-grace, 10 s).
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_TAIL_CHARS = 8_000;

export interface StartServerOptions {
  /** Extra environment for the server (e.g. TENANTS_DIR of a test's own); wins over the defaults. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

export interface RunningServer {
  port: number;
  /** The bank's development host on this server: http://bank{code}.localhost:{port}. */
  origin(bankCode: string): string;
  /** The development mail catcher's web inbox (MailDev: GET /api/email lists what it took). */
  mailInboxUrl: string;
  /** SIGTERM, then waits for the process to exit; throws if it does not exit cleanly. */
  stop(): Promise<void>;
}

/** Keeps the last few thousand characters the server printed, to explain a failed start or stop. */
function captureOutput(child: ChildProcess): () => string {
  let tail = '';
  const append = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => tail;
}

type Exit = { code: number | null; signal: NodeJS.Signals | null };

function exitOf(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilHealthy(
  port: number,
  exited: Promise<Exit>,
  timeoutMs: number,
  output: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  let hasExited: Exit | undefined;
  void exited.then((exit) => (hasExited = exit));
  while (Date.now() < deadline) {
    if (hasExited) {
      throw new Error(
        `the server exited (code ${hasExited.code}, signal ${hasExited.signal}) before it was ready:\n${output()}`,
      );
    }
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(2_000),
    }).then(
      (response) => response.status === 200,
      // Not listening yet (connection refused) or not answering yet: try again until the deadline.
      () => false,
    );
    if (healthy) return;
    await delay(200);
  }
  throw new Error(`the server did not answer /healthz with 200 within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the real server as `npm start` starts it (Node on scripts/start.ts) on a free port, with a
 * database of its own (PGlite in a temp folder, or a fresh PostgreSQL database when DATABASE_URL is
 * set) and the committed tenants. Resolves once GET /healthz answers 200.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const [port, paymentGatewayPort, mailSmtpPort, mailWebPort, database, redis] = await Promise.all([
    findFreePort(),
    findFreePort(),
    findFreePort(),
    findFreePort(),
    createTestDatabase(),
    process.env.REDIS_URL ? createTestRedis() : undefined,
  ]);
  // PATH, HOME and REDIS_URL (when set) pass through; DATABASE_URL never does as it is: the server
  // gets the fresh database made for it, and its sessions go under a Redis key prefix of its own,
  // removed when it stops.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...(redis ? { REDIS_KEY_PREFIX: redis.keyPrefix } : {}),
    // No identity provider unless the test asks for one on a port of its own (startServerWithProvider):
    // the default port 3001 may be taken by another server on the machine.
    START_IDP: 'false',
    // The local test payment gateway on a port of its own (the default 3002 may be taken likewise).
    PAYMENT_GATEWAY_PORT: String(paymentGatewayPort),
    // The development mail catcher likewise (its inbox: mailInboxUrl).
    MAIL_CATCHER_SMTP_PORT: String(mailSmtpPort),
    MAIL_CATCHER_WEB_PORT: String(mailWebPort),
    ...options.env,
  };

  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: ROOT_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  const exited = exitOf(child);

  try {
    await waitUntilHealthy(port, exited, options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS, output);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await database.drop();
    await redis?.close();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    const alreadyExited = child.exitCode !== null || child.signalCode !== null;
    if (!alreadyExited) child.kill('SIGTERM');
    const exit = await Promise.race([exited, delay(STOP_TIMEOUT_MS).then(() => undefined)]);
    if (!exit) {
      child.kill('SIGKILL');
      await exited;
    }
    await database.drop();
    await redis?.close();
    if (!exit)
      throw new Error(`the server did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM:\n${output()}`);
    if (alreadyExited || exit.code !== 0) {
      throw new Error(`the server ended with code ${exit.code}, signal ${exit.signal}:\n${output()}`);
    }
  };

  return {
    port,
    origin: (bankCode) => `http://bank${bankCode}.localhost:${port}`,
    mailInboxUrl: `http://127.0.0.1:${mailWebPort}`,
    stop: () => (stopping ??= stop()),
  };
}

export interface StartServerWithProviderOptions extends StartServerOptions {
  /** The committed banks the server carries (a temp copy whose issuers name the server's own provider). */
  codes: readonly string[];
}

export interface RunningServerWithProvider extends RunningServer {
  /** The port of the identity provider the server runs beside the gateway (IDP_PORT). */
  idpPort: number;
  /** A bank's issuer on that provider: http://localhost:{idpPort}/oidc/bank{code}. */
  issuer(bankCode: string): string;
  /** The provider's origin, http://localhost:{idpPort}: where the browser meets the login page. */
  providerOrigin: string;
}

/** Resolves once the provider answers a bank's discovery document; throws with a reason otherwise. */
async function waitForProvider(issuer: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer';
  while (Date.now() < deadline) {
    const status = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(2_000),
    }).then(
      (response) => response.status,
      (error: unknown) =>
        error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error),
    );
    if (status === 200) return;
    lastProblem = typeof status === 'number' ? `HTTP ${status}` : status;
    await delay(200);
  }
  throw new Error(
    `the server started with START_IDP=true, but its identity provider did not answer ${issuer} within ${timeoutMs} ms (${lastProblem})`,
  );
}

/**
 * startServer with the development identity provider in the same process, as `npm start` runs it:
 * its own IDP_PORT, START_IDP=true, and a temp copy of the given banks whose issuers name that port
 * (TENANTS_DIR). The login rate limit is lifted (a suite logs in many times from one address; the
 * limit has tests of its own). Resolves once /healthz and the first bank's discovery answer.
 */
export async function startServerWithProvider(
  options: StartServerWithProviderOptions,
): Promise<RunningServerWithProvider> {
  const [firstCode] = options.codes;
  if (firstCode === undefined) throw new Error('startServerWithProvider needs at least one bank code');
  const idpPort = await findFreePort();
  const tenantsDir = await tenantsForIssuerPort([...options.codes], idpPort);
  let server: RunningServer;
  try {
    server = await startServer({
      ...options,
      env: {
        TENANTS_DIR: tenantsDir,
        IDP_PORT: String(idpPort),
        START_IDP: 'true',
        LOGIN_RATE_LIMIT_MAX: '100000',
        ...options.env,
      },
    });
  } catch (error) {
    await fs.rm(tenantsDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    try {
      await server.stop();
    } finally {
      await fs.rm(tenantsDir, { recursive: true, force: true });
    }
  };
  try {
    await waitForProvider(testIssuer(firstCode, idpPort), 10_000);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    ...server,
    idpPort,
    issuer: (code) => testIssuer(code, idpPort),
    providerOrigin: `http://localhost:${idpPort}`,
    stop,
  };
}
