import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';
import { writeFlatLine } from './logging.ts';

/**
 * A request's logger that costs nothing until it writes a line.
 *
 * Fastify gives every request a child logger bound to its id, and the tenancy plugin binds the bank:
 * two pino children per request, each serialising its bindings when it is made. Most requests write
 * one line (the access line, server/access-log.ts) or none, and the children cost the gateway a
 * quarter of its throughput (issue 13's profile). This logger only keeps the bindings; a line whose
 * first argument is a plain object (or a message) goes to the process's logger with the bindings
 * merged in — the same fields as a child's line, one allocation instead of a child. Anything else (an
 * Error as the first argument, a child with options) makes the real pino child, once.
 */
export class RequestLogger implements FastifyBaseLogger {
  readonly #root: Logger;
  readonly #bindings: Bindings;
  #child: Logger | undefined;

  constructor(root: Logger, bindings: Bindings) {
    this.#root = root;
    this.#bindings = bindings;
  }

  get level(): string {
    return this.#child?.level ?? this.#root.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    if (this.#child || (options && Object.keys(options).length > 0))
      return this.#real().child(bindings, options);
    return new RequestLogger(this.#root, { ...this.#bindings, ...bindings });
  }

  fatal(...args: LogArguments): void {
    this.#write('fatal', args);
  }

  error(...args: LogArguments): void {
    this.#write('error', args);
  }

  warn(...args: LogArguments): void {
    this.#write('warn', args);
  }

  info(...args: LogArguments): void {
    this.#write('info', args);
  }

  debug(...args: LogArguments): void {
    this.#write('debug', args);
  }

  trace(...args: LogArguments): void {
    this.#write('trace', args);
  }

  silent(): void {}

  #real(): Logger {
    return (this.#child ??= this.#root.child(this.#bindings));
  }

  #write(level: Level, [first, ...rest]: LogArguments): void {
    if (this.#child) return callLevel(this.#child, level, first, rest);
    if (!this.#root.isLevelEnabled(level)) return;
    if (typeof first === 'string' && rest.length === 0)
      return writeFlatLine(this.#root, level, this.#bindings, first);
    if (typeof first === 'string') return callLevel(this.#root, level, this.#bindings, [first, ...rest]);
    if (isPlainObject(first) && (rest.length === 0 || (rest.length === 1 && typeof rest[0] === 'string'))) {
      return writeFlatLine(this.#root, level, { ...this.#bindings, ...first }, rest[0] as string | undefined);
    }
    if (isPlainObject(first)) return callLevel(this.#root, level, { ...this.#bindings, ...first }, rest);
    // An Error (pino serialises it as `err`) or another value: the real child, as pino would.
    return callLevel(this.#real(), level, first, rest);
  }
}

type LogArguments = [unknown, ...unknown[]];

function callLevel(logger: Logger, level: Level, first: unknown, rest: unknown[]): void {
  (logger[level] as (...args: unknown[]) => void)(first, ...rest);
}

function isPinoLogger(logger: FastifyBaseLogger): logger is Logger {
  return typeof (logger as Partial<Logger>).isLevelEnabled === 'function';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Fastify's childLoggerFactory: a RequestLogger for each request, or pino's own child where the route
 * asks for options (a route's logLevel or serializers).
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0 || !isPinoLogger(logger)) return logger.child(bindings, options);
  return new RequestLogger(logger as Logger, bindings);
}
