import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { RouteObjectRef } from '#server/auth/request-auth.ts';
import type { AuditAction } from '#server/contracts/audit-actions.ts';
import type {
  AnyCall,
  CallArgs,
  CallDefinition,
  CallInput,
  CallRefusal,
  CallUpload,
} from '#server/contracts/call.ts';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { recordAudit } from '#server/db/audit.ts';
import type { DbTransaction } from '#server/db/database.ts';
import type { AppError } from '#server/errors.ts';
import { forbidden, notFound } from '#server/errors.ts';
import {
  type CompanyMemberViewer,
  companyMemberOf,
  holdsPermissions,
  type Viewer,
  type ViewerFor,
} from '#server/plugins/request-context.ts';
import { auditActorOf } from './audit-actor.ts';
import { readCallUpload, type ReceivedFile } from './call-uploads.ts';
import { claimIdempotentCommand, idempotencyKeyOf } from './idempotency-claims.ts';

/**
 * The gateway's half of a call definition (server/contracts/call.ts): registers the route with
 * the call's method, path, schemas, access and page rule, and runs the handler with what every
 * handler needs, settled once: the viewer the call's access admits (narrowed: a 'company' call's
 * handler gets a CompanyViewer, a `member` call's a CompanyMemberViewer), the call's declared
 * permissions checked, the parsed input, its steps (before the transaction, loading in it), the
 * call's one transaction of the host's bank (row-level security on), so a command either
 * completes or leaves nothing, and the audit row with the action its handler chose (decision 0108).
 */

/** The viewer a call's handler gets: as its access admits it, and a member of their company for a `member` call. */
export type CallViewer<C extends AnyCall> = C extends { member: true | CallRefusal }
  ? CompanyMemberViewer
  : ViewerFor<C['access']>;

/**
 * What a step before the transaction has: the parsed input (an upload's file as it is to be
 * stored), who is asking, the request; no transaction.
 */
export interface BeforeContext<C extends AnyCall> extends CallArgs<C> {
  viewer: CallViewer<C>;
  file: C extends { upload: CallUpload } ? ReceivedFile : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Work that undoes what the step did outside the database (bytes it stored), run when the call
   * fails after it: a call that fails leaves nothing, in the database or beside it.
   */
  undoOnFailure: (work: () => Promise<void>) => void;
}

/** The audit row's action and target, as the handler chooses them for what it did. */
export interface AuditChoice {
  action?: AuditAction;
  target?: string | number | null;
}

export interface CallContext<
  C extends AnyCall,
  Prepared = undefined,
  Loaded = undefined,
> extends BeforeContext<C> {
  /** The call's transaction: every query of the handler runs in it. */
  tx: DbTransaction;
  /**
   * Work for after the transaction commits (deleting stored files whose rows it removed), so a
   * call that fails loses nothing outside the database.
   */
  afterCommit: (work: () => Promise<void>) => void;
  /** What the step before the transaction gave (undefined without one). */
  prepared: Prepared;
  /** What the context step loaded in the transaction (undefined without one). */
  loaded: Loaded;
  /**
   * Says what the command did for its audit row (a save that created or edited; the row a
   * registration made): it wins over the declared action and target.
   */
  audit: (choice: AuditChoice) => void;
}

type ResultInput<C extends AnyCall> = C['result'] extends { _zod: { input: infer I } } ? I : never;

export type CallHandler<C extends AnyCall, Prepared = undefined, Loaded = undefined> = (
  context: CallContext<C, Prepared, Loaded>,
) => Promise<ResultInput<C>>;

/**
 * A handler with its declared steps: one before the transaction opens, then one that loads what
 * the handler needs inside it.
 */
export interface CallSteps<C extends AnyCall, Prepared = undefined, Loaded = undefined> {
  /**
   * Work that needs no transaction (asking a model server, reading an uploaded file): no connection
   * is held while it runs, and when it fails nothing was opened, written or audited.
   */
  before?: (context: BeforeContext<C>) => Promise<Prepared>;
  /**
   * An upload's check of the text fields sent before its file (as sent, not yet parsed), run when
   * the file begins and before a byte of it is read: a refusal here reads no file (a registration
   * draft that is gone).
   */
  beforeFile?: (context: {
    fields: Readonly<Record<string, unknown>>;
    viewer: CallViewer<C>;
    request: FastifyRequest;
  }) => Promise<void>;
  /** What the handler needs, read in the call's transaction (the rows it locks, the company it works on). */
  load?: (context: CallContext<C, Prepared>) => Promise<Loaded>;
  handle: CallHandler<C, Prepared, Loaded>;
}

/**
 * The audit row a command writes in its own transaction (decision 0066): what it did, and the id
 * of what it did it to (by default the path's first parameter, else none).
 */
export interface CallAudit<C extends AnyCall> {
  /** What it did; 'handler' where one call does one of two and its handler says which (context.audit). */
  action: AuditAction | 'handler';
  target?: (context: CallContext<C>, result: ResultInput<C>) => string | number | null;
}

export interface ServeOptions<Result = never> {
  /**
   * The success envelope's message (a save's 保存しました); a function where it depends on what the
   * command did (a profile save that mailed a confirmation link).
   */
  message?: string | ((result: Result) => string | undefined);
  /** Hooks before the body is read (a rate limit's `app.rateLimit()`). */
  onRequest?: onRequestHookHandler;
  /** False for polling: the call does not count as session activity. */
  sessionActivity?: boolean;
  /** The call answers bank staff outside the allowlist or office hours (it reports them). */
  staffRestrictionExempt?: boolean;
  /** What the path's parameter names (required when the path has one): see RouteObjectRef. */
  object?: RouteObjectRef;
  /** Overrides the definition's OpenAPI description (e.g. with configured limits). */
  description?: string;
  /**
   * The largest body this call takes, in bytes, where the app's default is too small (a bulk
   * create's rows). The route's access and rule run before any of the body is read.
   */
  bodyLimit?: number;
  /**
   * The command may be sent again with the same Idempotency-Key and is done once: a retry answers
   * the first send's result (kit/idempotency-claims.ts). For long commands a client may give up on.
   */
  idempotent?: boolean;
}

/** The route path inside `app`'s prefix (a call's path is absolute; a plugin may have a prefix). */
function routeUrl(app: FastifyInstance, call: AnyCall): string {
  if (!app.prefix) return call.path;
  if (!call.path.startsWith(app.prefix)) {
    throw new Error(`${call.method} ${call.path} cannot be served under the prefix ${app.prefix}`);
  }
  return call.path.slice(app.prefix.length);
}

/** A command (any method but GET) must say what it writes to the audit trail. */
type IsCommand<C extends AnyCall> = C extends { method: 'GET' } | { reads: true } ? false : true;

/**
 * What a caller may send, accepted by the call (its body): the route's example. A call with a path
 * parameter and a body gives one, so the security walk can try the route past its validation
 * (tests/api/security/by-construction.test.ts).
 */
export interface CallExample<C extends AnyCall> {
  example?: Partial<CallInput<C>>;
}

export type ServeOptionsFor<C extends AnyCall> =
  IsCommand<C> extends true
    ? ServeOptions<ResultInput<C>> & CallExample<C> & { audit: CallAudit<C> }
    : ServeOptions<ResultInput<C>> & CallExample<C>;

type OptionalFor<C extends AnyCall> =
  IsCommand<C> extends true ? [options: ServeOptionsFor<C>] : [options?: ServeOptionsFor<C>];

function defaultTarget(params: unknown): string | number | null {
  const [first] = Object.values((params ?? {}) as Record<string, unknown>);
  return typeof first === 'string' || typeof first === 'number' ? first : null;
}

function refusalError(refusal: CallRefusal): AppError {
  return refusal.status === 404 ? notFound(refusal.message) : forbidden(refusal.message);
}

/**
 * The viewer the call's declaration admits, or its refusal: the access (viewerFor: the guard's
 * check), then a member call's company, then the declared permissions. Before anything of the
 * handler runs, so no handler checks them again.
 */
async function admittedViewer(request: FastifyRequest, call: AnyCall): Promise<Viewer> {
  const viewer: Viewer = await request.viewerFor(call.access);
  if (call.member && !companyMemberOf(viewer)) {
    throw refusalError(call.member === true ? { status: 404 } : call.member);
  }
  if (call.permissions && (viewer.kind === 'visitor' || !holdsPermissions(viewer, call.permissions.codes))) {
    throw forbidden(call.permissions.message);
  }
  return viewer;
}

export function serveCall<C extends CallDefinition, Prepared = undefined, Loaded = undefined>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C> | CallSteps<C, Prepared, Loaded>,
  ...rest: OptionalFor<C>
): void {
  const options: ServeOptions<ResultInput<C>> & CallExample<C> & { audit?: CallAudit<C> } = rest[0] ?? {};
  const audit = options.audit;
  // By construction: a command that does not say what it writes to the audit trail is not served.
  if (call.method !== 'GET' && call.reads !== true && !audit) {
    throw new Error(`${call.method} ${call.path} is a command: serveCall needs its audit action`);
  }
  if (call.member && call.access !== 'company') {
    throw new Error(`${call.method} ${call.path}: only a 'company' call serves members of a company`);
  }
  const upload = call.upload;
  if (upload && !app.hasContentTypeParser('multipart/form-data')) {
    throw new Error(
      `${call.method} ${call.path} takes an upload: register acceptUploads in its plugin first`,
    );
  }
  const steps: CallSteps<C, Prepared, Loaded> =
    typeof handler === 'function' ? { handle: handler as CallHandler<C, Prepared, Loaded> } : handler;
  app.route({
    method: call.method,
    url: routeUrl(app, call),
    config: {
      access: call.access,
      ...(call.rule ? { rule: call.rule } : {}),
      ...(call.refusedWhileSwitched ? { refusedWhileSwitched: true } : {}),
      ...(options.sessionActivity === undefined ? {} : { sessionActivity: options.sessionActivity }),
      ...(options.staffRestrictionExempt ? { staffRestrictionExempt: true } : {}),
      ...(options.object ? { object: options.object } : {}),
      ...(options.example ? { example: options.example } : {}),
    },
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      tags: [call.domain],
      summary: call.summary,
      ...((options.description ?? call.description)
        ? { description: options.description ?? call.description }
        : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      // An upload's fields are parsed with the file (readCallUpload), not as a JSON body.
      ...(call.body && !upload ? { body: call.body } : {}),
      ...(upload ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: successEnvelope(call.result) },
    },
    handler: async (request, reply) => {
      const viewer = await admittedViewer(request, call);
      // An upload is read, checked and cleaned before anything else of the handler runs.
      const { beforeFile } = steps;
      const received = upload
        ? await readCallUpload(
            request,
            reply,
            { ...call, upload },
            beforeFile && ((fields) => beforeFile({ fields, viewer: viewer as CallViewer<C>, request })),
          )
        : undefined;
      const undo: (() => Promise<void>)[] = [];
      const args = {
        viewer,
        params: request.params,
        query: request.query,
        body: received ? received.body : request.body,
        file: received?.file,
        request,
        reply,
        undoOnFailure: (work: () => Promise<void>) => {
          undo.push(work);
        },
      };
      const committed: (() => Promise<void>)[] = [];
      let result: ResultInput<C>;
      try {
        result = await runInTransaction(args as unknown as BeforeContext<C>, committed);
      } catch (error) {
        // Nothing was committed: what the call did beside the database goes too.
        for (const work of undo.reverse()) {
          await work().catch((undoError: unknown) => {
            request.log.warn(
              { err: undoError },
              'a failed call could not undo its work outside the database',
            );
          });
        }
        throw error;
      }
      for (const work of committed) await work();
      // The client went away while the command ran: no answer reaches it, so the access log would
      // not hear of the request at all. Say what was done.
      if (request.raw.socket?.destroyed) {
        request.log.info(
          { method: call.method, route: call.path, status: 200 },
          'request completed after the client left',
        );
      }
      const message = typeof options.message === 'function' ? options.message(result) : options.message;
      return success(result, message);
    },
  });

  /** The call's steps from `before` to its committed transaction; answers the handler's result. */
  async function runInTransaction(
    args: BeforeContext<C>,
    committed: (() => Promise<void>)[],
  ): Promise<ResultInput<C>> {
    const { viewer, request } = args;
    // Before the transaction: nothing is held open while it runs, nothing is left when it fails.
    const prepared = (steps.before ? await steps.before(args) : undefined) as Prepared;
    const idempotencyKey = options.idempotent ? idempotencyKeyOf(request) : undefined;
    const result = await request.inBank(async (tx) => {
      const claim =
        idempotencyKey !== undefined && viewer.kind !== 'visitor'
          ? await claimIdempotentCommand(tx, {
              userId: viewer.userId,
              call: `${call.method} ${call.path}`,
              key: idempotencyKey,
              body: request.body,
            })
          : undefined;
      // A retry of a command already done: its first result, and nothing done again.
      if (claim?.kind === 'replay') return claim.result as ResultInput<C>;
      let chosen: AuditChoice = {};
      const context = {
        ...args,
        tx,
        prepared,
        loaded: undefined,
        afterCommit: (work: () => Promise<void>) => {
          committed.push(work);
        },
        audit: (choice: AuditChoice) => {
          chosen = { ...chosen, ...choice };
        },
      } as unknown as CallContext<C, Prepared, Loaded>;
      if (steps.load) {
        context.loaded = await steps.load(context as unknown as CallContext<C, Prepared>);
      }
      const answer = await steps.handle(context);
      if (audit) {
        const action = chosen.action ?? (audit.action === 'handler' ? undefined : audit.action);
        if (action === undefined) {
          throw new Error(`${call.method} ${call.path}: the handler chose no audit action`);
        }
        const target =
          'target' in chosen
            ? (chosen.target ?? null)
            : audit.target
              ? audit.target(context as unknown as CallContext<C>, answer)
              : defaultTarget(request.params);
        await recordAudit(tx, {
          action,
          targetType: call.domain,
          targetId: target,
          ...auditActorOf(request, viewer.kind === 'visitor' ? null : viewer.userId),
        });
      }
      if (claim?.kind === 'claimed') await claim.complete(answer);
      return answer;
    });
    return result;
  }
}
