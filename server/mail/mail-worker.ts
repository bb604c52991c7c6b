import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { mailOutbox } from '#server/db/schema/mail-outbox.ts';
import type { Tenant, TenantRegistry } from '#server/tenancy/tenant.ts';
import type { RenderedMail } from './bank-mail.ts';
import { MAIL_OUTBOX_CHANNEL } from './outbox.ts';
import { MailSendError, type MailTransport } from './smtp-transport.ts';

type LogMethod = (details: object, message: string) => void;
export interface MailWorkerLogger {
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}

export interface MailWorkerOptions {
  db: Database;
  tenants: TenantRegistry;
  transport: MailTransport;
  /** MAIL_FROM: every bank's sender address; default no-reply@ the bank's first host. */
  fromAddress: string | undefined;
  logger: MailWorkerLogger;
  /** Mails one claim takes (and sends at once over the transport's pool). Default 50. */
  batchSize?: number;
  /** How often every bank's outbox is looked at besides the NOTIFY of each new mail. Default 5 s. */
  sweepIntervalMs?: number;
  /** How long a claimed mail is the claimer's: past it (a gateway that died sending) another may send it. Default 2 min. */
  leaseMs?: number;
  /** Attempts before a mail is given up. Default 8 (about an hour of retries). */
  maxAttempts?: number;
  /** The wait after the n-th failed attempt. Default 30 s doubling to at most 1 h, ±20 %. */
  retryDelayMs?: (attempt: number) => number;
  /** Sent mail is deleted after this many days, failed mail after three times as long. Default 30. */
  keepDays?: number;
}

export interface MailWorker {
  /** Sends every mail that is due now in every bank, and resolves when none is left (tests, the benchmark). */
  drain(): Promise<void>;
  /** Stops listening and sweeping, and waits for the mails being sent. */
  stop(): Promise<void>;
}

const defaultRetryDelayMs = (attempt: number) =>
  Math.min(30_000 * 2 ** (attempt - 1), 3_600_000) * (0.8 + Math.random() * 0.4);

const PURGE_INTERVAL_MS = 3_600_000;

/** A mail a claim took: its rendered content, its row and the attempt this is. */
type ClaimedMail = RenderedMail & { id: number; attempts: number };

/**
 * Sends the outbox (server/mail/outbox.ts). Every gateway runs one: a claim takes a bank's due mail
 * with FOR UPDATE SKIP LOCKED and moves its next attempt past a lease in the same statement, so two
 * gateways never take the same mail; a gateway that dies while sending leaves its mail to be taken
 * again when the lease ends (then, and only then, a mail may arrive twice, with the same Message-ID).
 * A refused mail is retried with a growing wait, and given up after `maxAttempts` or a permanent
 * (5yz) refusal. The worker starts on each committed mail's NOTIFY, and looks at every bank every
 * `sweepIntervalMs` for retries and for what a lost notification missed. Logs name the bank, the
 * mail's kind and id, never its address or content.
 */
export async function startMailWorker(options: MailWorkerOptions): Promise<MailWorker> {
  const { db, tenants, transport, logger } = options;
  const batchSize = options.batchSize ?? 50;
  const leaseMs = options.leaseMs ?? 120_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const keepDays = options.keepDays ?? 30;

  /** A bank's run in progress, and whether another was asked for while it ran. */
  const runs = new Map<string, { done: Promise<void>; again: boolean }>();
  let stopped = false;
  let lastPurge = 0;

  const claim = (code: string) =>
    db.withBank(code, async (tx): Promise<ClaimedMail[]> => {
      const due = tx
        .select({ id: mailOutbox.mail_id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.mail_status, 'pending'), lte(mailOutbox.mail_next_attempt_at, sql`now()`)))
        .orderBy(asc(mailOutbox.mail_next_attempt_at), asc(mailOutbox.mail_id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      return tx
        .update(mailOutbox)
        .set({
          mail_attempts: sql`${mailOutbox.mail_attempts} + 1`,
          mail_next_attempt_at: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        })
        .where(inArray(mailOutbox.mail_id, due))
        .returning({
          id: mailOutbox.mail_id,
          kind: mailOutbox.mail_kind,
          to: mailOutbox.mail_to,
          subject: mailOutbox.mail_subject,
          text: mailOutbox.mail_text,
          html: mailOutbox.mail_html,
          messageId: mailOutbox.mail_message_id,
          attempts: mailOutbox.mail_attempts,
        });
    });

  const senderOf = (tenant: Tenant) => ({
    name: `${tenant.config.bank_name} ${tenant.config.service_name}`,
    address: options.fromAddress ?? `no-reply@${tenant.config.hosts[0] ?? `bank${tenant.code}.invalid`}`,
  });

  async function sendBatch(tenant: Tenant, mails: readonly ClaimedMail[]): Promise<void> {
    const from = senderOf(tenant);
    const results = await Promise.allSettled(
      mails.map((mail) =>
        transport.send({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
        }),
      ),
    );
    const sent = mails
      .filter((_mail, index) => results[index]?.status === 'fulfilled')
      .map((mail) => mail.id);
    await db.withBank(tenant.code, async (tx) => {
      if (sent.length > 0) {
        await tx
          .update(mailOutbox)
          .set({ mail_status: 'sent', mail_sent_at: sql`now()`, mail_last_error: null })
          .where(inArray(mailOutbox.mail_id, sent));
      }
      for (const [index, result] of results.entries()) {
        const mail = mails[index];
        if (result.status === 'fulfilled' || !mail) continue;
        const error = result.reason;
        const permanent = error instanceof MailSendError && error.permanent;
        const reply = error instanceof MailSendError ? error.reply : String(error);
        const givenUp = permanent || mail.attempts >= maxAttempts;
        const details = { bank: tenant.code, mailId: mail.id, kind: mail.kind, attempts: mail.attempts };
        if (givenUp) logger.error({ ...details, permanent }, 'mail given up');
        else logger.warn(details, 'mail not sent; it will be retried');
        await tx
          .update(mailOutbox)
          .set(
            givenUp
              ? { mail_status: 'failed', mail_last_error: reply }
              : {
                  mail_last_error: reply,
                  mail_next_attempt_at: sql`now() + ${Math.round(retryDelayMs(mail.attempts))} * interval '1 millisecond'`,
                },
          )
          .where(eq(mailOutbox.mail_id, mail.id));
      }
    });
    if (sent.length > 0) logger.info({ bank: tenant.code, sent: sent.length }, 'mail sent');
  }

  async function runBank(code: string): Promise<void> {
    const tenant = tenants.get(code);
    if (!tenant) return;
    for (;;) {
      const mails = await claim(code);
      if (mails.length === 0) return;
      await sendBatch(tenant, mails);
      if (stopped) return;
    }
  }

  /** Runs a bank's outbox now, or once more after the run in progress. */
  function schedule(code: string): Promise<void> {
    const running = runs.get(code);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry = { done: Promise.resolve(), again: false };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await runBank(code).catch((err: unknown) =>
            logger.error({ err, bank: code }, 'mail outbox could not be read'),
          );
        } while (entry.again && !stopped);
      } finally {
        runs.delete(code);
      }
    })();
    runs.set(code, entry);
    return entry.done;
  }

  async function purge(): Promise<void> {
    for (const tenant of tenants.list()) {
      await db.withBank(tenant.code, (tx) =>
        tx.execute(
          sql`delete from ${mailOutbox} where (${mailOutbox.mail_status} = 'sent' and ${mailOutbox.mail_sent_at} < now() - ${keepDays} * interval '1 day')
            or (${mailOutbox.mail_status} = 'failed' and ${mailOutbox.mail_created_at} < now() - ${keepDays * 3} * interval '1 day')`,
        ),
      );
    }
  }

  const sweepAll = () =>
    Promise.all(tenants.list().map((tenant) => schedule(tenant.code))).then(() => undefined);

  function sweep() {
    if (stopped) return;
    void sweepAll();
    if (Date.now() - lastPurge >= PURGE_INTERVAL_MS) {
      lastPurge = Date.now();
      purge().catch((err: unknown) => logger.error({ err }, 'old mail could not be deleted'));
    }
  }

  let stopListening: () => Promise<void> = async () => {};
  try {
    stopListening = await db.listen(MAIL_OUTBOX_CHANNEL, (code) => {
      if (!stopped && tenants.get(code)) void schedule(code);
    });
  } catch (err) {
    logger.warn({ err }, 'mail worker cannot listen for new mail; it looks every sweep');
  }
  const timer = setInterval(sweep, options.sweepIntervalMs ?? 5_000);
  timer.unref();
  sweep();

  return {
    async drain() {
      await sweepAll();
      // A notification that came in during the sweep has been run by now (schedule's `again`).
      await Promise.all([...runs.values()].map((run) => run.done));
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await stopListening();
      await Promise.all([...runs.values()].map((run) => run.done));
      transport.close();
    },
  };
}
