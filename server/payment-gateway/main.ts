import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { loadProcessConfig } from '../config.ts';
import { createLogger } from '../logging.ts';
import { buildTestPaymentGateway } from './app.ts';

/**
 * The local test payment gateway on its own (docker-compose's `payment-gateway` service), listening
 * on PAYMENT_GATEWAY_HOST:PAYMENT_GATEWAY_PORT. `npm start` does not use this entry: server/main.ts
 * starts the test gateway beside the portal in one process (START_PAYMENT_GATEWAY).
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const config = loadProcessConfig(rootDir);
const logger = createLogger({ level: config.logLevel, base: { service: 'payment-gateway' } });

const app = await buildTestPaymentGateway({ logger });
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
});
await app.listen({ host: config.paymentGateway.host, port: config.paymentGateway.port });
