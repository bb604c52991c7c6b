import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { serveCall } from '#server/api/kit/serve-call.ts';
import { createBadgeRegistry, defineBadge } from '#server/api/badges/badge-registry.ts';
import { badgeRoutes } from '#server/api/badges/routes.ts';
import type { RequestAuth } from '#server/auth/request-auth.ts';
import { defineCall } from '#server/contracts/call.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { AppError, MESSAGES } from '#server/errors.ts';
import { admits, type Viewer, type ViewerFor } from '#server/plugins/request-context.ts';
import { zodValidatorCompiler } from '#server/plugins/request-validation.ts';

/**
 * The call kit's declared parts (server/api/kit/serve-call.ts, decision 0108): what a call says of
 * itself is refused, run and recorded by the kit, so that no handler does it again. The app here
 * is a bare Fastify with the request context faked: who asks, and a transaction that records what
 * it saw (its audit rows) and whether it was open.
 */

const user = (fields: Partial<LoggedInUser>) =>
  ({
    user_is_super_user: false,
    permitted_actions: [],
    company_unique_code: 'C1',
    ...fields,
  }) as LoggedInUser;

const OWNER: Viewer = {
  kind: 'company',
  user: user({ permitted_actions: ['company_setting_account_write'] }),
  userId: 7,
  userType: 'company_owner',
  companyId: 42,
  companyType: 'normal',
};
const WITHOUT_COMPANY: Viewer = { ...OWNER, companyId: null } as Viewer;
const EMPLOYEE: Viewer = { ...OWNER, userType: 'company_employee', user: user({}) } as Viewer;

interface Bank {
  open: number;
  audit: Record<string, unknown>[];
  written: string[];
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare app whose requests are asked by `viewer`, its transaction recording into `bank`. */
async function appAs(viewer: Viewer, bank: Bank, serve: (app: FastifyInstance) => void) {
  app = Fastify();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof AppError ? error.statusCode : 500;
    return reply.status(status).send({ status, message: error instanceof Error ? error.message : '' });
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('viewer', async () => viewer);
  app.decorateRequest('viewerFor', async (access: Parameters<typeof admits>[0]) => {
    if (!admits(access, viewer)) throw new AppError('forbidden', 403, '権限がありません');
    return viewer as ViewerFor<typeof access>;
  });
  app.decorateRequest('inBank', async <T>(work: (tx: DbTransaction) => Promise<T>) => {
    bank.open += 1;
    const tx = {
      insert: () => ({ values: async (row: Record<string, unknown>) => bank.audit.push(row) }),
      write: (what: string) => bank.written.push(what),
    } as unknown as DbTransaction;
    try {
      // A failed transaction leaves nothing: what it wrote is rolled back.
      const before = bank.written.length;
      const audited = bank.audit.length;
      try {
        return await work(tx);
      } catch (error) {
        bank.written.length = before;
        bank.audit.length = audited;
        throw error;
      }
    } finally {
      bank.open -= 1;
    }
  });
  serve(app);
  await app.ready();
  return app;
}

const newBank = (): Bank => ({ open: 0, audit: [], written: [] });
const write = (tx: DbTransaction, what: string) => (tx as unknown as { write(w: string): void }).write(what);

const memberCall = defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/test/member',
  result: z.object({ company_id: z.int() }),
  access: 'company',
  member: true,
  summary: 'テスト',
});

describe('a call that serves company members', () => {
  it('refuses a user whose company row is gone with 404, in the kit, before the handler runs', async () => {
    let ran = 0;
    const bank = newBank();
    const served = await appAs(WITHOUT_COMPANY, bank, (scope) =>
      serveCall(scope, memberCall, async ({ viewer }) => {
        ran += 1;
        return { company_id: viewer.companyId };
      }),
    );
    const response = await served.inject({ method: 'GET', url: '/api/v1/test/member' });
    expect(response.statusCode).toBe(404);
    // The spec's 404 text, as every handler's own check gave it.
    expect(response.json().message).toBe(MESSAGES.notFound);
    expect(ran).toBe(0);
    expect(bank.open).toBe(0);
  });

  it("hands a member's handler their company id", async () => {
    const served = await appAs(OWNER, newBank(), (scope) =>
      serveCall(scope, memberCall, async ({ viewer }) => ({ company_id: viewer.companyId })),
    );
    const response = await served.inject({ method: 'GET', url: '/api/v1/test/member' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ company_id: 42 });
  });
});

const inviteCall = defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/test/invite',
  body: z.object({ email: z.string() }),
  result: z.object({ sent: z.boolean() }),
  access: 'company',
  member: true,
  permissions: { codes: ['company_setting_account_write'], message: '社員を招待する権限がありません' },
  summary: 'テスト',
});

describe('permissions declared on the call', () => {
  it('refuses a user without them with 403 and the declared message before the handler runs', async () => {
    let ran = 0;
    const bank = newBank();
    const served = await appAs(EMPLOYEE, bank, (scope) =>
      serveCall(
        scope,
        inviteCall,
        async () => {
          ran += 1;
          return { sent: true };
        },
        { audit: { action: 'SEND' } },
      ),
    );
    const response = await served.inject({
      method: 'POST',
      url: '/api/v1/test/invite',
      payload: { email: 'a@example.jp' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('社員を招待する権限がありません');
    expect(ran).toBe(0);
    expect(bank.audit).toEqual([]);
  });

  it('lets a user holding them through', async () => {
    const served = await appAs(OWNER, newBank(), (scope) =>
      serveCall(scope, inviteCall, async () => ({ sent: true }), { audit: { action: 'SEND' } }),
    );
    const response = await served.inject({
      method: 'POST',
      url: '/api/v1/test/invite',
      payload: { email: 'a@example.jp' },
    });
    expect(response.statusCode).toBe(200);
  });
});

const draftCall = defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/test/draft',
  body: z.object({ hint: z.string() }),
  result: z.object({ text: z.string(), company_id: z.int() }),
  access: 'company',
  member: true,
  summary: 'テスト',
});

describe('the steps of a call', () => {
  it('runs the step before the transaction outside it, then loads in it, then handles', async () => {
    const bank = newBank();
    const seen: string[] = [];
    const served = await appAs(OWNER, bank, (scope) =>
      serveCall(
        scope,
        draftCall,
        {
          before: async ({ body }) => {
            seen.push(`before: ${bank.open} open`);
            return { text: `下書き（${body.hint}）` };
          },
          load: async ({ viewer, prepared }) => {
            seen.push(`load: ${bank.open} open, ${prepared.text}`);
            return { companyId: viewer.companyId };
          },
          handle: async ({ tx, prepared, loaded }) => {
            write(tx, prepared.text);
            return { text: prepared.text, company_id: loaded.companyId };
          },
        },
        { audit: { action: 'DRAFT' } },
      ),
    );
    const response = await served.inject({
      method: 'POST',
      url: '/api/v1/test/draft',
      payload: { hint: '融資' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({ text: '下書き（融資）', company_id: 42 });
    expect(seen).toEqual(['before: 0 open', 'load: 1 open, 下書き（融資）']);
    expect(bank.written).toEqual(['下書き（融資）']);
  });

  it('leaves no trace when the step before the transaction fails: no transaction, no row, no audit', async () => {
    const bank = newBank();
    let opened = 0;
    const served = await appAs(OWNER, bank, (scope) =>
      serveCall(
        scope,
        draftCall,
        {
          before: async () => {
            throw new AppError('writer_unavailable', 503, '文章を作成できませんでした');
          },
          handle: async ({ tx }) => {
            opened += 1;
            write(tx, 'never');
            return { text: '', company_id: 0 };
          },
        },
        { audit: { action: 'DRAFT' } },
      ),
    );
    const response = await served.inject({
      method: 'POST',
      url: '/api/v1/test/draft',
      payload: { hint: '融資' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('文章を作成できませんでした');
    expect(opened).toBe(0);
    expect(bank).toEqual({ open: 0, audit: [], written: [] });
  });
});

const saveCall = defineCall({
  domain: 'websites',
  method: 'POST',
  path: '/api/v1/test/save',
  body: z.object({ publish: z.boolean() }),
  result: z.object({ code: z.string() }),
  access: 'company',
  member: true,
  summary: 'テスト',
});

describe('the audit action', () => {
  it('is the one the handler chose, with the target it named', async () => {
    const bank = newBank();
    const served = await appAs(OWNER, bank, (scope) =>
      serveCall(
        scope,
        saveCall,
        async ({ body, audit }) => {
          audit({ action: body.publish ? 'UPDATE' : 'CLOSE', target: 'W1' });
          return { code: 'W1' };
        },
        { audit: { action: 'handler' } },
      ),
    );
    const response = await served.inject({
      method: 'POST',
      url: '/api/v1/test/save',
      payload: { publish: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(bank.audit).toEqual([
      expect.objectContaining({ action: 'CLOSE', target_type: 'websites', target_id: 'W1' }),
    ]);
  });

  it('is the declared one where the handler chooses none', async () => {
    const bank = newBank();
    const served = await appAs(OWNER, bank, (scope) =>
      serveCall(scope, saveCall, async () => ({ code: 'W1' }), {
        audit: { action: 'UPDATE', target: (_context, result) => result.code },
      }),
    );
    await served.inject({ method: 'POST', url: '/api/v1/test/save', payload: { publish: true } });
    expect(bank.audit).toEqual([expect.objectContaining({ action: 'UPDATE', target_id: 'W1' })]);
  });
});

describe('a badge', () => {
  it('counts for the subject its applies step found, as the WeakMaps carried it', async () => {
    const counted: unknown[] = [];
    const badge = defineBadge({
      counter: 'unreadNews',
      subjectOf: async (_auth, request) => {
        const viewer = await request.viewer();
        return viewer.kind === 'company' && viewer.companyId !== null
          ? { companyId: viewer.companyId }
          : null;
      },
      count: async (_tx, subject) => {
        counted.push(subject);
        return 3;
      },
    });
    const ignored = defineBadge({
      counter: 'closedInquiry',
      subjectOf: () => null,
      count: async () => 99,
    });
    const served = await appAs(OWNER, newBank(), (scope) => {
      scope.addHook('onRequest', async (request) => {
        request.auth = { user: { userType: 'company_owner' } } as RequestAuth;
      });
      void scope.register(badgeRoutes, {
        prefix: '/api/v1/badges',
        badges: createBadgeRegistry([badge, ignored]),
      });
    });
    const response = await served.inject({ method: 'GET', url: '/api/v1/badges' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({ unreadNews: 3 });
    expect(counted).toEqual([{ companyId: 42 }]);
  });
});
