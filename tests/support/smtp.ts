import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** An SMTP reply refusing a recipient: `{ code: 451, message: '...' }` (4yz: try again; 5yz: never). */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:{port}: SMTP_URL for the gateway under test. */
  url: string;
  /** Every mail taken so far, parsed, in the order they arrived. */
  readonly received: ParsedMail[];
  /** Resolves once `count` mails have been taken (fails after `timeoutMs`). */
  waitForMail(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** From now on each recipient is answered by `refuse`: a refusal, or undefined to take the mail. */
  refuseRecipients(refuse: ((address: string) => SmtpRefusal | undefined) | undefined): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server (nodemailer's smtp-server, no TLS, no auth) on a free loopback port, keeping
 * what it takes: the tests' mail catcher.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let refuse: ((address: string) => SmtpRefusal | undefined) | undefined;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const refusal = refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const waiter of waiters.filter((entry) => received.length >= entry.count)) waiter.resolve();
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitForMail(count, timeoutMs = 10_000) {
      if (received.length < count) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${received.length} of ${count} mails arrived within ${timeoutMs} ms`)),
            timeoutMs,
          );
          waiters.push({
            count,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
      }
      return received.slice(0, count);
    },
    refuseRecipients(next) {
      refuse = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
