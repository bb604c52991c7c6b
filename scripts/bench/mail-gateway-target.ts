import path from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { z } from 'zod';
import { loadServerConfig } from '#server/config.ts';
import { startMailWorker } from '#server/mail/mail-worker.ts';
import { createSmtpTransport } from '#server/mail/smtp-transport.ts';
import { openTenantsAndDatabase } from '#server/startup.ts';
import { serveAsTarget } from './target-process.ts';

/**
 * One gateway's mail worker, as server/startup.ts starts it (same options, its own pooled SMTP
 * transport), on the benchmark's PostgreSQL database and the committed banks. It answers GET /sent
 * with how many mails it handed to the SMTP server, so the benchmark sees both gateways work.
 */
export const mailGatewayInputSchema = z.object({
  rootDir: z.string(),
  databaseUrl: z.string(),
  smtpUrl: z.string(),
});

serveAsTarget(async (input) => {
  const { rootDir, databaseUrl, smtpUrl } = mailGatewayInputSchema.parse(input);
  const config = loadServerConfig(
    {
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      TENANTS_DIR: path.join(rootDir, 'tenants'),
      TENANT_WATCH: 'false',
    },
    rootDir,
  );
  const resources = await openTenantsAndDatabase({ config });
  const smtp = createSmtpTransport(smtpUrl);
  let sent = 0;
  const worker = await startMailWorker({
    db: resources.db,
    tenants: resources.tenants,
    transport: {
      async send(mail) {
        await smtp.send(mail);
        sent += 1;
      },
      close: () => smtp.close(),
    },
    fromAddress: config.mail.from,
    logger: pino({ level: 'warn' }),
  });
  const app = Fastify({ logger: false });
  app.get('/sent', async () => ({ sent }));
  return {
    app,
    ready: {},
    async close() {
      await worker.stop();
      await resources.close();
    },
  };
});
