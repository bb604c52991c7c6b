import { type ChildProcess, fork } from 'node:child_process';
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
  ready: Ready;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts `script` as a target process and waits until it listens. */
export async function startTargetProcess<Ready>(
  script: string,
  input: unknown,
  readySchema: z.ZodType<Ready>,
  options: { startTimeoutMs?: number } = {},
): Promise<TargetProcess<Ready>> {
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  // BENCH_CPU_PROFILE_DIR=<dir>: each target writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools, or `node scripts/bench/profile-summary.ts <file>`), to find what a request costs.
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const child = fork(script, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
  });
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
    ready: readySchema.parse(message),
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
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
    process.once('SIGTERM', async () => {
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
