import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema.ts';
import { type MailContent, mailBankOf, renderBankMail } from '#server/mail/bank-mail.ts';
import { startMailWorker } from '#server/mail/mail-worker.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { createSmtpTransport } from '#server/mail/smtp-transport.ts';
import { buildTestApp, type TestApp } from '#tests/support/app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const ORIGIN = `http://bank${BANK}.localhost:3000`;

const content = (to: string, overrides: Partial<MailContent> = {}): MailContent => ({
  kind: 'test.notice',
  to,
  subject: 'お申し込みを受け付けました',
  greeting: '山田 太郎 様',
  paragraphs: ['お申し込みありがとうございます。', '内容を確認のうえ、ご連絡いたします。'],
  details: [{ label: '申請番号', value: 'R-0001' }],
  action: { label: 'ポータルを開く', url: `${ORIGIN}/login` },
  notes: ['このメールにお心当たりのない場合は、破棄してください。'],
  ...overrides,
});

describe('mail outbox', () => {
  let smtp: TestSmtpServer;
  let world: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    world = await buildTestApp({
      mail: { smtpUrl: smtp.url, sweepIntervalMs: 60_000, retryDelayMs: () => 0, maxAttempts: 3 },
    });
  });
  afterAll(async () => {
    await world?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.refuseRecipients(undefined);
    smtp.received.length = 0;
  });

  const tenant = (code: string) => {
    const found = world.app.tenants.get(code);
    if (!found) throw new Error(`no bank ${code}`);
    return found;
  };
  const queue = (code: string, mail: MailContent) =>
    world.app.db.withBank(code, (tx) =>
      queueMail(tx, renderBankMail(mailBankOf(tenant(code), ORIGIN), mail)),
    );
  const rowsOf = (code: string, to: string) =>
    world.app.db.withBank(code, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.mail_to, to)));
  const drain = () => world.mailWorker!.drain();

  it('sends a committed mail in the bank’s name, with a text and an HTML part', async () => {
    await queue(BANK, content('owner@example.jp'));
    // Sent on the commit's NOTIFY: the sweep is a minute away.
    const [mail] = await smtp.waitForMail(1);
    await drain();

    expect(mail?.from?.value).toEqual([
      { name: 'しおさい銀行 法人ビジネスポータル', address: 'no-reply@portal.shiosai-bank.example.jp' },
    ]);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : undefined).toBe('owner@example.jp');
    expect(mail?.subject).toBe('【法人ビジネスポータル】お申し込みを受け付けました');
    expect(mail?.messageId).toMatch(/@portal\.shiosai-bank\.example\.jp>$/);
    const text = mail?.text ?? '';
    expect(text).toContain('山田 太郎 様');
    expect(text).toContain('■申請番号：R-0001');
    expect(text).toContain(`▼ポータルを開く\n${ORIGIN}/login`);
    expect(text).toContain('しおさい銀行 法人ポータル サポートデスク');
    expect(text).toContain('TEL：0120-00-0182');
    const html = typeof mail?.html === 'string' ? mail.html : '';
    expect(html).toContain(`href="${ORIGIN}/login"`);
    expect(html).toMatch(
      new RegExp(`<img src="${ORIGIN}/tenant-assets/logo\\.svg\\?v=[0-9a-f]+" alt="しおさい銀行"`),
    );

    const [row] = await rowsOf(BANK, 'owner@example.jp');
    expect(row).toMatchObject({ mail_status: 'sent', mail_attempts: 1, mail_kind: 'test.notice' });
    expect(row?.mail_sent_at).toBeInstanceOf(Date);
  });

  it('escapes what a user typed in the HTML part', async () => {
    await queue(BANK, content('escape@example.jp', { greeting: '<script>alert(1)</script> 様' }));
    const [mail] = await smtp.waitForMail(1);
    const html = typeof mail?.html === 'string' ? mail.html : '';
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; 様');
    expect(mail?.text).toContain('<script>alert(1)</script> 様');
  });

  it('sends nothing for a command that rolled back', async () => {
    await expect(
      world.app.db.withBank(BANK, async (tx) => {
        await queueMail(tx, renderBankMail(mailBankOf(tenant(BANK), ORIGIN), content('rollback@example.jp')));
        throw new Error('the command failed after writing its mail');
      }),
    ).rejects.toThrow('the command failed');
    await drain();
    expect(smtp.received).toEqual([]);
    expect(await rowsOf(BANK, 'rollback@example.jp')).toEqual([]);
  });

  it('tries a refused mail again and sends it when the server takes it', async () => {
    let refusals = 1;
    smtp.refuseRecipients(() =>
      refusals-- > 0 ? { code: 451, message: '4.3.0 Try again later' } : undefined,
    );
    await queue(BANK, content('retry@example.jp'));
    await smtp.waitForMail(1);
    await drain();
    const [row] = await rowsOf(BANK, 'retry@example.jp');
    expect(row).toMatchObject({ mail_status: 'sent', mail_attempts: 2, mail_last_error: null });
  });

  it('gives up a mail the server refuses for good, without trying again', async () => {
    smtp.refuseRecipients(() => ({ code: 550, message: '5.1.1 Mailbox unavailable' }));
    await queue(BANK, content('nobody@example.jp'));
    await drain();
    await drain();
    const [row] = await rowsOf(BANK, 'nobody@example.jp');
    expect(row).toMatchObject({ mail_status: 'failed', mail_attempts: 1 });
    expect(row?.mail_last_error).toMatch(/^550 /);
    expect(smtp.received).toEqual([]);
  });

  it('gives up after the last attempt while the server keeps refusing', async () => {
    smtp.refuseRecipients(() => ({ code: 421, message: '4.7.0 Service not available' }));
    await queue(BANK, content('busy@example.jp'));
    for (let attempt = 0; attempt < 4; attempt += 1) await drain();
    const [row] = await rowsOf(BANK, 'busy@example.jp');
    expect(row).toMatchObject({ mail_status: 'failed', mail_attempts: 3 });
  });

  it('keeps a bank’s mail out of another bank’s transactions', async () => {
    await queue(BANK, content('isolated@example.jp'));
    await smtp.waitForMail(1);
    expect(await rowsOf(OTHER_BANK, 'isolated@example.jp')).toEqual([]);
    expect(await rowsOf(BANK, 'isolated@example.jp')).toHaveLength(1);
  });

  it('sends each mail once while two gateways’ workers share the outbox', async () => {
    const second = await startMailWorker({
      db: world.app.db,
      tenants: world.app.tenants,
      transport: createSmtpTransport(smtp.url),
      fromAddress: undefined,
      logger: pino({ level: 'silent' }),
      sweepIntervalMs: 60_000,
      batchSize: 10,
    });
    try {
      const count = 120;
      await world.app.db.withBank(BANK, async (tx) => {
        for (let index = 0; index < count; index += 1) {
          await queueMail(
            tx,
            renderBankMail(mailBankOf(tenant(BANK), ORIGIN), content(`many-${index}@example.jp`)),
          );
        }
      });
      await Promise.all([drain(), second.drain()]);
      const mails = await smtp.waitForMail(count);
      const ids = new Set(mails.map((mail) => mail.messageId));
      expect(ids.size).toBe(count);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.received).toHaveLength(count);
    } finally {
      await second.stop();
    }
  });
});
