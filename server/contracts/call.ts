// zod/mini: the client derives its fetchers from these definitions (see theme-tokens.ts).
import type * as z from 'zod/mini';
import type { PermissionCode } from './account-types.ts';
import type { RouteRuleId } from './route-access.ts';

/**
 * One definition per API call (DESIGN.md section 4, decision 0067): its method, path, input
 * schemas, answer schema, who may call it and its OpenAPI summary, written once here in
 * `server/contracts/`. The gateway registers the handler against it (`serveCall`,
 * server/api/kit/serve-call.ts) and the client derives the fetcher and the TanStack Query key from
 * it (`client/src/lib/request/call-client.ts`), so no path or query key is typed twice.
 */

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call:
 * - 'public': anyone, logged in or not (app config, the inquiry form);
 * - 'login': any logged-in user; 'company' / 'bank': a user of that side;
 * - 'admin': system_admin or bank_admin (the spec's admin helper).
 * Bank staff outside the allowlist or the office hours are refused (422) on every call that needs a
 * login unless the route is exempt (the current user, which reports them).
 */
export type RouteAccess = 'public' | 'login' | 'company' | 'bank' | 'admin';

/** A path of the API, Fastify style: `/api/v1/news/:id`. */
export type CallPath = `/api/${string}`;

type AnySchema = z.core.$ZodType;

/** A refusal the gateway gives before the handler runs: its status, and the spec's text where it has one. */
export interface CallRefusal {
  status: 403 | 404;
  message?: string;
}

/** Permissions a call needs of the asker (a super user holds them all), and the refusal without them (403). */
export interface CallPermissions {
  codes: readonly PermissionCode[];
  message?: string;
}

/**
 * What one file of an upload may be: its size, and its types as told by its content (never by its
 * name or the browser's word), with the refusals the form shows under the field (422).
 */
export interface UploadLimits {
  maxBytes: number;
  contentTypes: readonly string[];
  messages: { tooLarge: string; typeRefused: string };
}

/**
 * A call whose body is multipart/form-data: one file under `field`, and the text fields the call's
 * `body` schema reads (sent before the file). The gateway reads the file up to its limit and no
 * further, tells its type by its bytes, refuses an archive that would unpack too large, and strips
 * an image's metadata (EXIF, GPS) by encoding it again, all before the handler runs; the browser
 * checks the same limits before sending (client/src/lib/request/upload-call.ts).
 */
export interface CallUpload {
  /** The file's field of the multipart body. */
  field: string;
  /** The refusal of a body without the file (400, under `field`). */
  missingMessage: string;
  /**
   * The limits, or the limits by the value of a text field sent before the file (news: an
   * attachment or an image). A file sent before that field is held to the largest of them.
   */
  limits: UploadLimits | { by: string; of: Readonly<Record<string, UploadLimits>> };
}

export interface CallDefinition<
  Method extends CallMethod = CallMethod,
  Path extends CallPath = CallPath,
  Params extends AnySchema | undefined = AnySchema | undefined,
  Query extends AnySchema | undefined = AnySchema | undefined,
  Body extends AnySchema | undefined = AnySchema | undefined,
  Result extends AnySchema = AnySchema,
  Access extends RouteAccess = RouteAccess,
> {
  /** The domain the call belongs to: its OpenAPI tag and the first part of its query keys. */
  domain: string;
  method: Method;
  path: Path;
  /** One schema per `:name` of the path. */
  params?: Params;
  /** GET: the query parameters (flat, strings coerced). */
  query?: Query;
  /** POST/PUT/PATCH/DELETE: the JSON body; with `upload`, the multipart body's text fields. */
  body?: Body;
  /** The body is multipart/form-data with one file (an upload). */
  upload?: CallUpload;
  /** The `result` of the success envelope; undeclared fields are dropped on the way out. */
  result: Result;
  access: Access;
  /**
   * A call that only reads though its method is not GET (a search whose conditions travel in the
   * body, a preview): it writes no audit row. Every other non-GET call is a command.
   */
  reads?: true;
  /** A page rule the call shares with its page: the same people are refused by both. */
  rule?: RouteRuleId;
  /**
   * A 'company' call that works on the asker's own company: a user whose company row is gone is
   * refused (404, or the refusal given) before the handler runs, whose viewer then has a companyId.
   */
  member?: true | CallRefusal;
  /**
   * What the asker must hold beyond the access and the rule: refused (403 with the message) before
   * the handler runs, after the member check, so no handler checks it again.
   */
  permissions?: CallPermissions;
  /**
   * The call changes how someone logs in or is reached (an e-mail address, a password, a provider
   * link) or creates a user who will set a password: refused with 403 while a staff member acts as
   * the logged-in user (impersonation), so a switch can never be turned into the user's account
   * (decision 0095). Checked once, by the API guard (server/auth/auth-plugin.ts).
   */
  refusedWhileSwitched?: true;
  /** OpenAPI summary (Japanese: what the bank's developers read). */
  summary: string;
  description?: string;
}

/**
 * A read that answers a stored file's bytes, not the JSON envelope (an attachment, a logo): its
 * path with the file's code, who may ask, and the page rule it shares with the object the file
 * belongs to. The gateway serves it with serveFileCall (server/api/kit/serve-file-call.ts); the
 * client links to it (callPath) from an <img> or a download link.
 */
export interface FileCallDefinition<
  Path extends CallPath = CallPath,
  Params extends AnySchema = AnySchema,
  Access extends RouteAccess = RouteAccess,
> {
  domain: string;
  method: 'GET';
  path: Path;
  params: Params;
  access: Access;
  /** A page rule of the object the file belongs to: the same people are refused by both (decision 0103). */
  rule?: RouteRuleId;
  answers: 'file';
  summary: string;
  description?: string;
}

/** Declares a file read, as defineCall declares a call. */
export function defineFileCall<const D extends FileCallDefinition>(call: D): D {
  return call;
}

/** The widest call, for constraints only. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCall = CallDefinition<CallMethod, CallPath, any, any, any, any, RouteAccess>;

/**
 * Declares a call. The identity function keeps the literal types (method, path, access) that the
 * server's handler and the client's fetcher narrow on.
 */
export function defineCall<const D extends AnyCall>(call: D): D {
  return call;
}

type Part = 'params' | 'query' | 'body';
/** The schema a call declares for a part, or never when it declares none. */
type PartSchema<C, K extends Part> = C extends { [P in K]: infer S } ? Exclude<S, undefined> : never;
type PartOutput<C, K extends Part> = [PartSchema<C, K>] extends [never]
  ? undefined
  : z.output<PartSchema<C, K> & AnySchema>;

/** What a handler receives, parsed: only the parts the call declares. */
export type CallArgs<C extends AnyCall> = {
  params: PartOutput<C, 'params'>;
  query: PartOutput<C, 'query'>;
  body: PartOutput<C, 'body'>;
};

type DefinedParts<C> = { [K in Part]: [PartSchema<C, K>] extends [never] ? never : K }[Part];

/** What a caller sends: the declared parts, as their schemas accept them, and an upload's file. */
export type CallInput<C extends AnyCall> = {
  [K in DefinedParts<C>]: z.input<PartSchema<C, K> & AnySchema>;
} & (C extends { upload: CallUpload } ? { file: Blob & { name?: string } } : unknown);

/** The answer's `result`, as the client reads it. */
export type CallResult<C extends AnyCall> = z.output<C['result']>;

/** The names of the path's `:name` segments. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/** The call's path with its parameters filled in (each encoded as one segment). */
export function callPath(call: Pick<AnyCall, 'method' | 'path'>, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return call.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`${call.method} ${call.path}: path parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * The TanStack Query key of a call with its input: the domain first, so invalidating `[domain]`
 * reaches every call of the domain, then the path, then what was asked (a GET's query, else its body).
 */
export function callKey<C extends AnyCall>(call: C, input?: Partial<CallInput<C>>) {
  const asked = input as { params?: unknown; query?: unknown; body?: unknown } | undefined;
  // A read sent as a POST (a staff list's search) is asked by its body.
  const what = call.method === 'GET' ? asked?.query : asked?.body;
  return [call.domain, call.path, asked?.params ?? null, what ?? null] as const;
}

/** The key prefix of every query of a call, whatever its input (for invalidation). */
export function callKeyPrefix(call: AnyCall) {
  return [call.domain, call.path] as const;
}
