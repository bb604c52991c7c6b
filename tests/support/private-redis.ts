import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './idp.ts';

/**
 * A redis-server of the test's own, on its own port and folder (never the machine's shared one), so a
 * test may stop and restart it. It keeps its data in an append-only file, so what was written
 * before a stop is there again after the restart — as a production Redis with persistence does.
 */
export interface PrivateRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function waitForPort(port: number, open: boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen === open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis on port ${port} did not ${open ? 'open' : 'close'} in time`);
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const [port, dir] = await Promise.all([findFreePort(), mkdtemp(path.join(os.tmpdir(), 'portal-redis-'))]);
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--protected-mode',
        'no',
      ],
      { stdio: 'ignore' },
    );
    await waitForPort(port, true);
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
    await waitForPort(port, false);
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
