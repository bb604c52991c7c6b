import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Each server under load runs in a process of its own, so the load generator (autocannon, in the
 * benchmark's process) and the server do not share an event loop, and one server's heap does not
 * slow the other. Parent and child talk over Node's IPC channel: the parent sends the child its
 * input, the child answers with its port and whatever it found out while starting.
 */

const START_TIMEOUT_MS = 30_000;
const readyMessageSchema = z.looseObject({ port: z.number().int().positive() });

export interface TargetProcess<Ready> {
  /** http://127.0.0.1:{port} */
  origin: string;
  pid: number | undefined;
  ready: Ready;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Where taskset is there and the machine has two CPUs or more, a target runs on the last CPU only,
 * and the load generator (this process) keeps the others: the scheduler no longer moves a server onto
 * the generator's CPU in the middle of a round, which made the same server's throughput vary by a
 * third between runs on this 2-core machine. As deployed, one gateway process per core.
 */
function pinnedToTargetCpu(): { execPath?: string; execArgv?: string[] } {
  const cpus = os.availableParallelism();
  if (cpus < 2 || process.platform !== 'linux' || !fs.existsSync(TASKSET)) return {};
  return {
    execPath: TASKSET,
    execArgv: ['--cpu-list', String(cpus - 1), process.execPath, ...process.execArgv],
  };
}

const TASKSET = '/usr/bin/taskset';

/** Starts `script` as a target process and waits until it listens. */
export async function startTargetProcess<Ready>(
  script: string,
  input: unknown,
  readySchema: z.ZodType<Ready>,
  options: { startTimeoutMs?: number } = {},
): Promise<TargetProcess<Ready>> {
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  // The target's standard output (its log) goes to a reader process of its own that discards it, as
  // a container runtime reads a service's output: writing the log costs the target what it costs in
  // production, and reading it costs neither the load generator nor the target.
  const logReader = spawn('cat', [], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const child = fork(script, [], {
    stdio: ['ignore', logReader.stdin, 'inherit', 'ipc'],
    ...pinnedToTargetCpu(),
  });
  // The child holds the pipe's writing end now: the reader ends when the child does.
  logReader.stdin.destroy();
  const message = await new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start within ${startTimeoutMs} ms`)),
      startTimeoutMs,
    );
    child.once('message', (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited before it listened (${code ?? signal})`));
    });
    child.send(input as object);
  });
  const { port } = readyMessageSchema.parse(message);
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    ready: readySchema.parse(message),
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      await exited(logReader);
    },
  };
}

/**
 * The child's side: builds the app from the parent's input, listens on a loopback port (an ephemeral
 * one unless the app names its own),
 * reports `{ port, ...ready }`, and closes the app on SIGTERM.
 */
export function serveAsTarget(
  start: (input: unknown) => Promise<{
    app: FastifyInstance;
    ready: object;
    close?: () => Promise<void>;
    /** A port chosen beforehand (a server whose own config names its port); default: any free one. */
    port?: number;
  }>,
): void {
  process.once('message', async (input) => {
    const { app, ready, close, port } = await start(input);
    const profile = await startServingProfile(app);
    process.once('SIGTERM', async () => {
      await profile?.stop();
      await app.close();
      await close?.();
      process.exit(0);
    });
    await app.listen({ host: '127.0.0.1', port: port ?? 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the target listens on no TCP port');
    process.send?.({ ...ready, port: address.port });
  });
}

/**
 * BENCH_CPU_PROFILE_DIR=<dir>: a V8 CPU profile of the target while it serves, from listening until
 * it is stopped (its start-up — loading modules, migrating, seeding — left out), written to
 * `<dir>/<script>-<pid>.cpuprofile` with the number of requests served (`requests`), to find what a
 * request costs. Open it in Chrome's DevTools, or `node scripts/bench/profile-summary.ts <file>`.
 */
async function startServingProfile(app: FastifyInstance): Promise<{ stop(): Promise<void> } | undefined> {
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  if (!profileDir) return undefined;
  // The requests it served, so the summary can say what a request costs in µs.
  let requests = 0;
  app.server.on('request', () => requests++);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      await fs.promises.mkdir(profileDir, { recursive: true });
      const name = `${path.basename(process.argv[1] ?? 'target', '.ts')}-${process.pid}.cpuprofile`;
      await fs.promises.writeFile(path.join(profileDir, name), JSON.stringify({ ...profile, requests }));
      session.disconnect();
    },
  };
}
