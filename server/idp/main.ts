import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProcessConfig } from '../config.ts';
import { createLogger } from '../logging.ts';
import { startServer } from '../startup.ts';

/**
 * The identity provider on its own (docker-compose's `idp` service): its own Node process on
 * PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), listening on IDP_HOST:IDP_PORT. It reads the same
 * tenant files as the gateway. `npm start` does not use this entry: server/main.ts starts the
 * provider beside the gateway in one process (PGlite cannot be opened by two).
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const config = loadProcessConfig(rootDir);
const logger = createLogger({ level: config.logLevel, base: { service: 'idp' } });

await startServer({ serve: 'provider', config, logger, exitOnDatabaseFailure: true, closeOnSignals: true });
