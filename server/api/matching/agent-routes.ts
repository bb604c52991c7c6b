import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  AGENT_MESSAGES,
  type AgentRequest,
  type AgentRequestStatus,
  listOwnAgentRequestsCall,
  listStaffAgentRequestsCall,
  sendAgentRequestCall,
  updateAgentRequestCall,
} from '#server/contracts/matching-agent.ts';
import { pagedResult, pageOffset } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies, matchingAgentRequests, networkNeeds } from '#server/db/schema.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import { serveCall } from '../kit/serve-call.ts';
import { joinMatchingNetwork } from './network-membership.ts';
import { readerOf } from './matching-viewer.ts';
import { newUniqueCode } from './need-queries.ts';
import { findPublishedNeed } from './need-search-queries.ts';

/**
 * The matching agent (server/contracts/matching-agent.ts): a company's requests to its bank for an
 * introduction, and the staff's handling of them. The need a request names is kept by its code;
 * its title is read through the projection (a need no longer published shows none).
 */

const r = matchingAgentRequests;
const AGENT_OBJECT = {
  param: 'agent_request_unique_code',
  table: 'matching_agent_requests',
  column: 'agent_request_unique_code',
};

const requestColumns = {
  agent_request_unique_code: r.agent_request_unique_code,
  ca_unique_code: r.need_unique_code,
  need_title: networkNeeds.need_title,
  agent_request_body: r.agent_request_body,
  agent_request_status: r.agent_request_status,
  agent_request_note: r.agent_request_note,
  agent_request_created_at: r.agent_request_created_at,
  agent_request_updated_at: r.agent_request_updated_at,
  company_unique_code: companies.company_unique_code,
  company_name: companies.company_name,
  bb_name: bankBranches.bb_name,
};

function selectRequests(tx: DbTransaction, where: SQL | undefined) {
  return tx
    .select(requestColumns)
    .from(r)
    .innerJoin(companies, eq(companies.company_id, r.company_id))
    .leftJoin(bankBranches, eq(bankBranches.bb_id, companies.bb_id))
    .leftJoin(networkNeeds, eq(networkNeeds.need_unique_code, r.need_unique_code))
    .where(where);
}

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

const ownOf = (row: RequestRow): AgentRequest => ({
  agent_request_unique_code: row.agent_request_unique_code,
  ca_unique_code: row.ca_unique_code,
  need_title: row.need_title,
  agent_request_body: row.agent_request_body,
  agent_request_status: row.agent_request_status as AgentRequestStatus,
  agent_request_note: row.agent_request_note,
  agent_request_created_at: row.agent_request_created_at.toISOString(),
  agent_request_updated_at: row.agent_request_updated_at.toISOString(),
});
const staffOf = (row: RequestRow) => ({
  ...ownOf(row),
  company_unique_code: row.company_unique_code,
  company_name: row.company_name,
  bb_name: row.bb_name,
});

const staffScope = (viewer: StaffViewer) => withinViewersBranches(viewer, companies.bb_id);

export async function agentRoutes(app: FastifyInstance): Promise<void> {
  serveCall(app, listOwnAgentRequestsCall, async ({ tx, viewer, query, request }) => {
    const { companyId } = readerOf(viewer, request.tenant.code);
    await joinMatchingNetwork(tx, request.tenant, app.tenants);
    const where = eq(r.company_id, companyId);
    const rows = await selectRequests(tx, where)
      .orderBy(desc(r.agent_request_created_at), desc(r.agent_request_id))
      .limit(query.rows)
      .offset(pageOffset(query.page, query.rows));
    const [counted] = await tx.select({ total: count() }).from(r).where(where);
    return pagedResult(rows.map(ownOf), counted?.total ?? 0, query);
  });

  serveCall(
    app,
    sendAgentRequestCall,
    async ({ tx, viewer, body, request }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      await joinMatchingNetwork(tx, request.tenant, app.tenants);
      const needCode = body.ca_unique_code ? body.ca_unique_code : null;
      if (needCode !== null && !(await findPublishedNeed(tx, needCode, japanDateString())))
        throw unprocessable(AGENT_MESSAGES.needNotFound, { ca_unique_code: [AGENT_MESSAGES.needNotFound] });
      const code = newUniqueCode();
      await tx.insert(r).values({
        agent_request_unique_code: code,
        company_id: companyId,
        need_unique_code: needCode,
        agent_request_body: body.agent_request_body,
        agent_requested_by: viewer.userId,
      });
      const [row] = await selectRequests(tx, eq(r.agent_request_unique_code, code));
      if (!row) throw new Error('the new agent request is missing');
      return ownOf(row);
    },
    {
      message: AGENT_MESSAGES.sent,
      audit: { action: 'CREATE', target: (_, result) => result.agent_request_unique_code },
    },
  );

  serveCall(app, listStaffAgentRequestsCall, async ({ tx, viewer, query, request }) => {
    await joinMatchingNetwork(tx, request.tenant, app.tenants);
    const where = and(
      staffScope(viewer),
      query.status ? eq(r.agent_request_status, query.status) : undefined,
    );
    const rows = await selectRequests(tx, where)
      .orderBy(desc(r.agent_request_created_at), desc(r.agent_request_id))
      .limit(query.rows)
      .offset(pageOffset(query.page, query.rows));
    const [counted] = await tx
      .select({ total: count() })
      .from(r)
      .innerJoin(companies, eq(companies.company_id, r.company_id))
      .where(where);
    return pagedResult(rows.map(staffOf), counted?.total ?? 0, query);
  });

  serveCall(
    app,
    updateAgentRequestCall,
    async ({ tx, viewer, params, body, request }) => {
      await joinMatchingNetwork(tx, request.tenant, app.tenants);
      const mine = and(staffScope(viewer), eq(r.agent_request_unique_code, params.agent_request_unique_code));
      const [found] = await selectRequests(tx, mine);
      if (!found) throw notFound();
      await tx
        .update(r)
        .set({
          agent_request_status: body.agent_request_status,
          agent_request_note: body.agent_request_note ?? null,
          agent_handled_by: viewer.userId,
          agent_request_updated_at: new Date(),
        })
        .where(eq(r.agent_request_unique_code, params.agent_request_unique_code));
      const [row] = await selectRequests(tx, mine);
      if (!row) throw notFound();
      return staffOf(row);
    },
    {
      message: AGENT_MESSAGES.updated,
      object: AGENT_OBJECT,
      example: {
        body: { agent_request_status: 'in_progress', agent_request_note: '担当者からご連絡します。' },
      },
      audit: { action: 'UPDATE' },
    },
  );
}
