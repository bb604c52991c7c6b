import { and, desc, eq, gte, lte, count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  type Campaign,
  CAMPAIGN_MESSAGES,
  type CampaignFields,
  createCampaignCall,
  deleteCampaignCall,
  getCampaignCall,
  listCampaignsCall,
  listRunningCampaignsCall,
  lookUpCampaignNeedsCall,
  updateCampaignCall,
} from '#server/contracts/matching-campaigns.ts';
import { pagedResult, pageOffset } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { matchingCampaigns } from '#server/db/schema.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import { bankNameOf, joinMatchingNetwork } from './network-membership.ts';
import { readerOf } from './matching-viewer.ts';
import { newUniqueCode } from './need-queries.ts';
import { findPublishedNeeds, publishedNeedOf } from './need-search-queries.ts';

/**
 * Matching campaigns (server/contracts/matching-campaigns.ts): the admins' desk and the running
 * campaigns the companies read. The featured needs are read through the projection, so a need no
 * longer published, or one the reading company may not see, is simply not shown.
 */

type CampaignRow = typeof matchingCampaigns.$inferSelect;
const CAMPAIGN_OBJECT = {
  param: 'campaign_unique_code',
  table: 'matching_campaigns',
  column: 'campaign_unique_code',
};
const EXAMPLE = {
  campaign_title: '春のビジネスマッチング強化月間',
  campaign_body: '食品・物流の商談を応援します。',
  campaign_start: '2026-04-01',
  campaign_end: '2026-04-30',
  campaign_need_codes: [],
};

const campaignOf = (row: CampaignRow): Campaign => ({
  campaign_unique_code: row.campaign_unique_code,
  campaign_title: row.campaign_title,
  campaign_body: row.campaign_body,
  campaign_start: row.campaign_start,
  campaign_end: row.campaign_end,
  campaign_need_codes: row.campaign_need_codes,
  campaign_updated_at: row.campaign_updated_at.toISOString(),
});

const columnsOf = (fields: CampaignFields, userId: number) => ({
  campaign_title: fields.campaign_title,
  campaign_body: fields.campaign_body,
  campaign_start: fields.campaign_start,
  campaign_end: fields.campaign_end,
  campaign_need_codes: fields.campaign_need_codes,
  campaign_updated_by: userId,
});

const byCode = (code: string) => eq(matchingCampaigns.campaign_unique_code, code);

export async function campaignRoutes(app: FastifyInstance): Promise<void> {
  /** Every chosen need is published and visible to the bank now, or 422 under the list. */
  async function requirePublishedNeeds(tx: DbTransaction, fields: CampaignFields, tenantCode: string) {
    const tenant = app.tenants.get(tenantCode);
    if (tenant) await joinMatchingNetwork(tx, tenant, app.tenants);
    const found = await findPublishedNeeds(tx, fields.campaign_need_codes, japanDateString());
    if (found.length !== fields.campaign_need_codes.length)
      throw unprocessable(CAMPAIGN_MESSAGES.needNotPublished, {
        campaign_need_codes: [CAMPAIGN_MESSAGES.needNotPublished],
      });
  }

  serveCall(app, listCampaignsCall, async ({ tx, query }) => {
    const rows = await tx
      .select()
      .from(matchingCampaigns)
      .orderBy(desc(matchingCampaigns.campaign_start), desc(matchingCampaigns.campaign_id))
      .limit(query.rows)
      .offset(pageOffset(query.page, query.rows));
    const [counted] = await tx.select({ total: count() }).from(matchingCampaigns);
    return pagedResult(rows.map(campaignOf), counted?.total ?? 0, query);
  });

  serveCall(
    app,
    getCampaignCall,
    async ({ tx, params }) => {
      const [row] = await tx.select().from(matchingCampaigns).where(byCode(params.campaign_unique_code));
      if (!row) throw notFound();
      return campaignOf(row);
    },
    { object: CAMPAIGN_OBJECT },
  );

  serveCall(
    app,
    createCampaignCall,
    async ({ tx, body, viewer, request }) => {
      await requirePublishedNeeds(tx, body, request.tenant.code);
      const [row] = await tx
        .insert(matchingCampaigns)
        .values({ ...columnsOf(body, viewer.userId), campaign_unique_code: newUniqueCode() })
        .returning();
      if (!row) throw new Error('INSERT answered no campaign');
      return campaignOf(row);
    },
    {
      message: CAMPAIGN_MESSAGES.saved,
      audit: { action: 'CREATE', target: (_, result) => result.campaign_unique_code },
    },
  );

  serveCall(
    app,
    updateCampaignCall,
    async ({ tx, body, params, viewer, request }) => {
      const [existing] = await tx
        .select({ id: matchingCampaigns.campaign_id })
        .from(matchingCampaigns)
        .where(byCode(params.campaign_unique_code))
        .for('update');
      if (!existing) throw notFound();
      await requirePublishedNeeds(tx, body, request.tenant.code);
      const [row] = await tx
        .update(matchingCampaigns)
        .set({ ...columnsOf(body, viewer.userId), campaign_updated_at: new Date() })
        .where(byCode(params.campaign_unique_code))
        .returning();
      if (!row) throw notFound();
      return campaignOf(row);
    },
    {
      message: CAMPAIGN_MESSAGES.saved,
      object: CAMPAIGN_OBJECT,
      example: { body: EXAMPLE },
      audit: { action: 'UPDATE' },
    },
  );

  serveCall(
    app,
    deleteCampaignCall,
    async ({ tx, params }) => {
      const removed = await tx
        .delete(matchingCampaigns)
        .where(byCode(params.campaign_unique_code))
        .returning({ code: matchingCampaigns.campaign_unique_code });
      if (removed.length === 0) throw notFound();
      return { campaign_unique_code: params.campaign_unique_code };
    },
    { message: CAMPAIGN_MESSAGES.deleted, object: CAMPAIGN_OBJECT, audit: { action: 'DELETE' } },
  );

  serveCall(app, lookUpCampaignNeedsCall, async ({ tx, body, request }) => {
    await joinMatchingNetwork(tx, request.tenant, app.tenants);
    const found = await findPublishedNeeds(tx, body.codes, japanDateString());
    return found.map((need) => ({
      ca_unique_code: need.need_unique_code,
      need_title: need.need_title,
      company_name: need.company_name,
      bank_name: bankNameOf(app.tenants, need.bank_code),
    }));
  });

  serveCall(app, listRunningCampaignsCall, async ({ tx, viewer, request }) => {
    const reader = readerOf(viewer, request.tenant.code);
    const today = japanDateString();
    await joinMatchingNetwork(tx, request.tenant, app.tenants);
    const rows = await tx
      .select()
      .from(matchingCampaigns)
      .where(and(lte(matchingCampaigns.campaign_start, today), gte(matchingCampaigns.campaign_end, today)))
      .orderBy(desc(matchingCampaigns.campaign_start), desc(matchingCampaigns.campaign_id));
    const answers = [];
    for (const row of rows) {
      const needs = await findPublishedNeeds(tx, row.campaign_need_codes, today);
      answers.push({
        campaign_unique_code: row.campaign_unique_code,
        campaign_title: row.campaign_title,
        campaign_body: row.campaign_body,
        campaign_start: row.campaign_start,
        campaign_end: row.campaign_end,
        needs: needs.map((need) => publishedNeedOf(need, reader, bankNameOf(app.tenants, need.bank_code))),
      });
    }
    return answers;
  });
}
