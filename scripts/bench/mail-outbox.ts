import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { z } from 'zod';
import { loadServerConfig } from '#server/config.ts';
import { mailOutbox } from '#server/db/schema/mail-outbox.ts';
import { mailBankOf, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { openTenantsAndDatabase } from '#server/startup.ts';
import { createTestDatabase } from '#tests/support/database.ts';
import { startTargetProcess } from './target-process.ts';

/**
 * Issue 14's budget: the mail workers of two gateways send 1,000 queued mails to a local SMTP server
 * at 200 or more per second, none lost and none sent twice. The mails are queued as commands queue
 * them (one transaction per bank, each with its NOTIFY) while both gateways run; the clock starts
 * before the first is queued and stops when the SMTP server has the last. The SMTP server is
 * nodemailer's smtp-server in this process, reading each mail's Message-ID.
 */
export const MAIL_RATE_BUDGET = 200;

export interface MailOutboxResult {
  mails: number;
  banks: number;
  gateways: number;
  /** Mails handed to the SMTP server by each gateway. */
  perGateway: number[];
  queueMs: number;
  totalMs: number;
  mailsPerSecond: number;
  lost: number;
  duplicated: number;
  /** Rows of the outbox not marked sent at the end. */
  unsent: number;
  budget: number;
  passed: boolean;
}

interface SmtpSink {
  url: string;
  /** Message-ID → times received. */
  received: Map<string, number>;
  lastAt: number;
  close(): Promise<void>;
}

async function startSmtpSink(): Promise<SmtpSink> {
  const sink = { received: new Map<string, number>(), lastAt: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = Buffer.concat(chunks).toString('latin1');
        const headers = message.slice(0, message.indexOf('\r\n\r\n'));
        const id = /^message-id:\s*(\S+)/im.exec(headers)?.[1] ?? '(none)';
        sink.received.set(id, (sink.received.get(id) ?? 0) + 1);
        sink.lastAt = performance.now();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the SMTP sink listens on no TCP port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    get received() {
      return sink.received;
    },
    get lastAt() {
      return sink.lastAt;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function benchmarkMailOutbox(options: {
  rootDir: string;
  mails: number;
  banks: readonly string[];
  gateways: number;
  timeoutMs?: number;
}): Promise<MailOutboxResult> {
  const { rootDir, mails, banks, gateways } = options;
  const database = await createTestDatabase({ kind: 'postgres' });
  const closers: (() => Promise<unknown>)[] = [() => database.drop()];
  try {
    const databaseUrl = database.databaseUrl ?? '';
    const config = loadServerConfig(
      {
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        TENANTS_DIR: path.join(rootDir, 'tenants'),
        TENANT_WATCH: 'false',
      },
      rootDir,
    );
    const resources = await openTenantsAndDatabase({ config });
    closers.push(() => resources.close());
    const sink = await startSmtpSink();
    closers.push(() => sink.close());
    const targets = [];
    for (let index = 0; index < gateways; index += 1) {
      const target = await startTargetProcess(
        path.join(import.meta.dirname, 'mail-gateway-target.ts'),
        { rootDir, databaseUrl, smtpUrl: sink.url },
        z.object({}),
      );
      closers.push(() => target.stop());
      targets.push(target);
    }

    // Rendered beforehand: the benchmark measures the outbox and the workers, not the layout.
    const perBank = Math.ceil(mails / banks.length);
    const rendered = banks.map((code, bankIndex) => {
      const tenant = resources.tenants.get(code);
      if (!tenant) throw new Error(`no bank ${code} in tenants/`);
      const bank = mailBankOf(tenant, `http://bank${code}.localhost:3000`);
      const count = Math.min(perBank, mails - bankIndex * perBank);
      return Array.from({ length: count }, (_unused, index) =>
        renderBankMail(bank, {
          kind: 'bench.notice',
          to: `bench-${code}-${index}@example.jp`,
          subject: 'お申し込みを受け付けました',
          greeting: `利用者 ${index} 様`,
          paragraphs: ['お申し込みありがとうございます。内容を確認のうえ、ご連絡いたします。'],
          action: { label: 'ポータルを開く', url: `http://bank${code}.localhost:3000/login` },
        }),
      );
    });
    const expected = new Set(rendered.flat().map((mail) => mail.messageId));

    const started = performance.now();
    for (const [bankIndex, code] of banks.entries()) {
      await resources.db.withBank(code, async (tx) => {
        for (const mail of rendered[bankIndex] ?? []) await queueMail(tx, mail);
      });
    }
    const queueMs = performance.now() - started;
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    while (sink.received.size < expected.size && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const totalMs = sink.lastAt - started;
    // A mail sent twice would arrive within a sweep (5 s) or a lease: wait one sweep before counting.
    await new Promise((resolve) => setTimeout(resolve, 5_500));

    const lost = [...expected].filter((id) => !sink.received.has(id)).length;
    const duplicated = [...sink.received.values()].reduce((sum, times) => sum + Math.max(0, times - 1), 0);
    let unsent = 0;
    for (const code of banks) {
      const [row] = await resources.db.withBank(code, (tx) =>
        tx
          .select({ count: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(sql`${mailOutbox.mail_status} <> 'sent'`),
      );
      unsent += row?.count ?? 0;
    }
    const perGateway = await Promise.all(
      targets.map(async (target) => {
        const answer = (await (await fetch(`${target.origin}/sent`)).json()) as { sent: number };
        return answer.sent;
      }),
    );
    const mailsPerSecond = expected.size / (totalMs / 1000);
    return {
      mails: expected.size,
      banks: banks.length,
      gateways,
      perGateway,
      queueMs,
      totalMs,
      mailsPerSecond,
      lost,
      duplicated,
      unsent,
      budget: MAIL_RATE_BUDGET,
      passed: lost === 0 && duplicated === 0 && unsent === 0 && mailsPerSecond >= MAIL_RATE_BUDGET,
    };
  } finally {
    for (const close of closers.reverse()) await close();
  }
}
