import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from './smtp.ts';
import { startWorld, type World, type WorldOptions } from './world.ts';

export interface MailWorld {
  /** The world (set once the file's beforeAll has run). */
  readonly world: World;
  /** The SMTP server the gateway's mail worker sends to; emptied before each test. */
  readonly smtp: TestSmtpServer;
  /** Sends every mail that is due now (the worker's sweep is a minute away: tests drain instead). */
  drainMail(): Promise<void>;
}

/**
 * A world (tests/support/world.ts) whose gateway sends its mail to a real SMTP server of the file's
 * own: started before the file's tests, emptied before each, closed after. The worker starts on each
 * committed mail's NOTIFY; `drainMail` waits for what is due.
 */
export function useMailWorld(options: WorldOptions = {}): MailWorld {
  let world: World | undefined;
  let smtp: TestSmtpServer | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the mail world is not started (use it inside a test)');
    return value;
  };
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    world = await startWorld({
      ...options,
      gateway: { ...options.gateway, mail: { smtpUrl: smtp.url, sweepIntervalMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await world?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    if (smtp) smtp.received.length = 0;
  });
  return {
    get world() {
      return started(world);
    },
    get smtp() {
      return started(smtp);
    },
    async drainMail() {
      const worker = started(world).gateway.mailWorker;
      if (!worker) throw new Error('the gateway runs no mail worker');
      await worker.drain();
    },
  };
}
