import pino, { type DestinationStream, type Level, type Logger } from 'pino';

/**
 * The one logger set-up of the gateway and the identity provider: what a log line may carry is
 * decided here, once, so a personal field never reaches the log whichever code logs it.
 *
 * - Request bodies and the personal fields the spec's forms hold are redacted wherever they appear
 *   (top level or one level down), as are credentials (cookies, authorization, tokens, passwords).
 * - A request is logged by method and path: query strings carry search words and tokens.
 * - A database error is logged by its SQLSTATE code and the statement's text, never its parameters
 *   or PostgreSQL's message and detail, which quote the values (`Key (email)=(…) already exists`).
 */

/** Field names whose values are personal data or credentials (spec forms, OIDC, sessions). */
const PERSONAL_FIELDS = [
  'body',
  'password',
  'email',
  'mail',
  'tel',
  'phone',
  'address',
  'name',
  'name_kana',
  'user_name',
  'user_email',
  'user_login_id',
  'login_id',
  'inquiry_company_name',
  'inquiry_name',
  'inquiry_name_kana',
  'inquiry_email',
  'inquiry_tel',
  'inquiry_body',
  'keyword',
  'token',
  'id_token',
  'access_token',
  'refresh_token',
  // A payment card (server/contracts/payment-card.ts and the gateway's request): never logged.
  'card_number',
  'security_code',
  'holder_name',
] as const;

/**
 * pino redact paths: credentials in headers, and each personal field at the top level. pino checks
 * these only on lines that carry the key. The level below is redactOneLevelDown's: pino's wildcard
 * paths (`*.email`) run on every field of every line, and cost the gateway a third of its
 * throughput with the access log on (issue 13's profile).
 */
export const LOG_REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body',
  'request.body',
  ...PERSONAL_FIELDS,
];

export const REDACTED = '[redacted]';

const PERSONAL_FIELD_SET: ReadonlySet<string> = new Set(PERSONAL_FIELDS);

/**
 * A line's fields with each personal field one level down replaced by REDACTED (`{ user: { email } }`),
 * as pino's `*.email` would; the line's own object and its values are never changed (copies are made
 * only where a field is redacted). Errors are left to their serializer.
 */
export function redactOneLevelDown(line: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in line) {
    const value = line[key];
    if (value === null || typeof value !== 'object' || value instanceof Error) continue;
    let inner: Record<string, unknown> | undefined;
    for (const innerKey in value) {
      if (PERSONAL_FIELD_SET.has(innerKey) && Object.hasOwn(value, innerKey)) {
        inner ??= { ...(value as Record<string, unknown>) };
        inner[innerKey] = REDACTED;
      }
    }
    if (inner) {
      copy ??= { ...line };
      copy[key] = inner;
    }
  }
  return copy ?? line;
}

interface RequestLike {
  id?: unknown;
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** The request as a log line shows it: method and path only (no query), the host and the address. */
export function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: request.url?.split('?')[0],
    host: request.hostname,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  routine?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

/** drizzle wraps driver errors as DrizzleQueryError: `query` (the SQL text), `params`, `cause`. */
function isDrizzleQueryError(error: unknown): error is Error & { query: string; cause?: unknown } {
  return (
    error instanceof Error && typeof (error as { query?: unknown }).query === 'string' && 'params' in error
  );
}

function databaseCause(cause: unknown) {
  if (typeof cause !== 'object' || cause === null) return undefined;
  const { code, severity, routine, constraint, table, column } = cause as DatabaseErrorFields;
  return { type: (cause as Error).name, code, severity, routine, constraint, table, column };
}

/** How many causes down an error is logged (a cause's cause is rarely more than the database's error). */
const CAUSE_DEPTH = 3;

/**
 * Errors by their type, message, stack and the few fields that say what went wrong (`code`,
 * `statusCode`, `reason`), with their causes logged the same way. Nothing else an error carries is
 * logged: pg-pool hangs the whole client on a lost connection's error (its connection parameters,
 * socket and buffers, 3 kB a line), and other libraries hang requests or values on theirs.
 *
 * Database errors are logged by their statement and SQLSTATE only: drizzle's message and `params`
 * hold the statement's values (what the user sent).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (isDrizzleQueryError(error)) {
    return {
      type: error.name,
      message: 'database query failed',
      query: error.query,
      cause: databaseCause(error.cause),
      // The stack without its message lines (drizzle's message spans lines and lists the params).
      stack: error.stack
        ?.split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n'),
    };
  }
  if (error instanceof Error && typeof (error as DatabaseErrorFields).routine === 'string') {
    // A driver error outside drizzle (a pool's connection error, a raw client query).
    return { ...databaseCause(error), message: 'database error' };
  }
  if (!(error instanceof Error)) return error;
  const { code, statusCode, reason } = error as Error & {
    code?: unknown;
    statusCode?: unknown;
    reason?: unknown;
  };
  return {
    type: error.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(typeof reason === 'string' ? { reason } : {}),
    // A connection refused on every address (IPv6 and IPv4) comes as one AggregateError with no message.
    ...(error instanceof AggregateError && depth < CAUSE_DEPTH
      ? { errors: error.errors.slice(0, 3).map((inner: unknown) => serializeError(inner, depth + 1)) }
      : {}),
    ...(error.cause !== undefined && depth < CAUSE_DEPTH
      ? { cause: serializeError(error.cause, depth + 1) }
      : {}),
  };
}

export interface LoggerOptions {
  level: string;
  /** Fields on every line, e.g. `{ service: 'idp' }`. */
  base?: Record<string, unknown>;
}

/**
 * Standard output, buffered and written asynchronously (pino's SonicBoom, 4 KB chunks): a request
 * never waits on a write. pino flushes it synchronously when the process exits, so a fatal error's
 * last lines are not lost; a clean shutdown flushes it too (startServer's close).
 */
export function asyncStdout(): DestinationStream {
  return asyncDestination(1);
}

/** A file (or file descriptor) written as asyncStdout writes standard output (the benchmarks' log). */
export function asyncDestination(dest: string | number): DestinationStream {
  // A quiet gateway fills 4 KB slowly: its lines still reach the log within a second.
  return pino.destination({ dest, sync: false, minLength: 4096, periodicFlush: 1000 });
}

/**
 * A process's logger (server/main.ts, server/idp/main.ts, server/payment-gateway/main.ts) on
 * asyncStdout, and the tests' (with their own stream).
 */
export function createLogger(options: LoggerOptions, destination: DestinationStream = asyncStdout()): Logger {
  const logger = pino(
    {
      level: options.level,
      ...(options.base ? { base: options.base } : {}),
      redact: { paths: [...LOG_REDACT_PATHS], censor: REDACTED },
      formatters: { log: redactOneLevelDown },
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    },
    destination,
  );
  // Its children inherit the mark (pino makes a child with Object.create).
  (logger as unknown as Record<symbol, unknown>)[FLAT_LINE] = true;
  return logger;
}

/** On createLogger's loggers: pino's own line format (numeric level, epoch time, "msg"), no mixin. */
const FLAT_LINE = Symbol('portal.flatLine');

/**
 * Writes `fields` and `msg` as pino writes `logger[level](fields, msg)`, formatted here when every
 * field is a plain value that no redaction path or serializer touches (the access line, server/
 * access-log.ts): pino's general path — redaction, formatters and serializers over any object — costs
 * the gateway a quarter of an index.html request's CPU time (issue 13's A/B in the commit body). Any
 * other line, or a logger createLogger did not make, goes through pino.
 */
export function writeFlatLine(
  logger: Logger,
  level: Level,
  fields: Record<string, unknown>,
  msg?: string,
): void {
  if (!logger.isLevelEnabled(level)) return;
  const internals = logger as unknown as Record<symbol, unknown>;
  if (internals[FLAT_LINE] !== true) return writeThroughPino(logger, level, fields, msg);
  // The logger's serializers: createLogger's, and those a child adds (Fastify adds req, res and err).
  const serializers = internals[pino.symbols.serializersSym] as Record<string, unknown>;
  let line = `{"level":${logger.levels.values[level]},"time":${Date.now()}${internals[pino.symbols.chindingsSym] as string}`;
  for (const key in fields) {
    const value = fields[key];
    if (value === undefined) continue;
    if ((value !== null && typeof value === 'object') || typeof value === 'function')
      return writeThroughPino(logger, level, fields, msg);
    if (PERSONAL_FIELD_SET.has(key) || serializers[key] !== undefined)
      return writeThroughPino(logger, level, fields, msg);
    line += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  if (msg !== undefined) line += `,"msg":${JSON.stringify(msg)}`;
  (internals[pino.symbols.streamSym] as DestinationStream).write(`${line}}\n`);
}

function writeThroughPino(logger: Logger, level: Level, fields: Record<string, unknown>, msg?: string): void {
  (logger[level] as (fields: unknown, msg?: string) => void)(fields, msg);
}
