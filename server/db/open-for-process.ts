import type { Logger } from 'pino';
import type { ServerConfig } from '../config.ts';
import { type Database, openDatabase } from './database.ts';
import { startFailureLogLine } from './database-errors.ts';

/**
 * The database of a process entry (server/main.ts, server/idp/main.ts), as its config names it. One
 * that cannot be used ends the start-up with one log line and a non-zero exit, so the orchestrator
 * restarts the process; no stack trace (the cause is the database's state, not the code).
 */
export function openDatabaseOrExit(config: ServerConfig, logger: Logger): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
    logger,
  }).catch((error: unknown) => {
    logger.fatal(...startFailureLogLine(error));
    process.exit(1);
  });
}
