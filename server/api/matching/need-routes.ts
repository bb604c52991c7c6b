import type { FastifyInstance } from 'fastify';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  createNeedCall,
  deleteNeedCall,
  getNeedCall,
  getOwnNeedCall,
  listOwnNeedsCall,
  MATCHING_MESSAGES,
  type NeedFields,
  NEEDS_PER_COMPANY_MAX,
  searchNeedsCall,
  updateNeedCall,
} from '#server/contracts/matching.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { unknownIndustryCodes, unknownPrefectureCodes } from '#server/db/unknown-master-codes.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import type { Tenant } from '#server/tenancy/tenant.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { serveCall } from '../kit/serve-call.ts';
import { bankNameOf, joinMatchingNetwork } from './network-membership.ts';
import { isFavoriteNeed } from './favorite-queries.ts';
import { openDealOnNeed } from './deal-queries.ts';
import {
  countNeedsOfLockedCompany,
  deleteOwnNeed,
  findOwnNeed,
  insertNeed,
  listOwnNeeds,
  ownNeedOf,
  updateOwnNeed,
} from './need-queries.ts';
import { findPublishedNeed, publishedNeedOf, searchPublishedNeeds } from './need-search-queries.ts';
import { readerOf } from './matching-viewer.ts';
import { deleteNeedImageFiles, needImageRoutes } from './need-image-files.ts';

/** The row a path's ca_unique_code names (the security walk tries another bank's with it). */
export const NEED_OBJECT = { param: 'ca_unique_code', table: 'needs', column: 'need_unique_code' };
/**
 * A published need another company reads: the walk's bank A and bank B are both of the network, so
 * it tries a need of the bank's own companies only (tests/api/matching covers the nationwide ones).
 */
export const PUBLISHED_NEED_OBJECT = {
  param: 'ca_unique_code',
  table: 'network_needs',
  column: 'need_unique_code',
  where: 'not need_is_nationwide',
};

/** A form the saves accept, for the security walk's cross-bank tries. */
const EXAMPLE_FIELDS = {
  need_title: '食品加工機械を譲りたい',
  need_category: 'sell' as const,
  need_industry_codes: ['09'],
  need_area_codes: ['13'],
  need_body: '使用期間3年の充填機を譲渡します。',
  need_period_start: '2026-04-01',
  need_period_end: '',
  need_visibility: 1 as const,
  need_reach: 'bank' as const,
};

/** The masters' codes and the bank's network, or 422 with the field's message (nothing written). */
export async function requireKnownChoices(
  tx: DbTransaction,
  tenant: Tenant,
  fields: NeedFields,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if ((await unknownIndustryCodes(tx, fields.need_industry_codes)).length > 0)
    errors.need_industry_codes = [MATCHING_MESSAGES.invalidChoice];
  if ((await unknownPrefectureCodes(tx, fields.need_area_codes)).length > 0)
    errors.need_area_codes = [MATCHING_MESSAGES.invalidChoice];
  if (fields.need_reach === 'nationwide' && !tenant.config.nationwide_matching)
    errors.need_reach = [MATCHING_MESSAGES.nationwideUnavailable];
  const [first] = Object.values(errors);
  if (first) throw unprocessable(first[0] ?? MATCHING_MESSAGES.invalidChoice, errors);
}

/**
 * The company's own needs (/mypage/mybusiness/needs: company_matching_write, the page's rule) and
 * the published needs it finds (/mypage/matching/search and the need pages).
 */
export async function needRoutes(app: FastifyInstance, { storage }: DomainServices): Promise<void> {
  const ownCode = (_: unknown, result: { ca_unique_code: string }) => result.ca_unique_code;

  serveCall(app, listOwnNeedsCall, async ({ tx, viewer, query, request }) => {
    const { companyId } = readerOf(viewer, request.tenant.code);
    const { list, totalRows } = await listOwnNeeds(tx, companyId, query, japanDateString());
    return pagedResult(list, totalRows, query);
  });

  serveCall(
    app,
    getOwnNeedCall,
    async ({ tx, viewer, params, request }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      const found = await findOwnNeed(tx, companyId, params.ca_unique_code);
      if (!found) throw notFound();
      return ownNeedOf(found.row, found.dealCount, japanDateString());
    },
    { object: NEED_OBJECT },
  );

  serveCall(
    app,
    createNeedCall,
    async ({ tx, viewer, body, request }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      await requireKnownChoices(tx, request.tenant, body);
      if ((await countNeedsOfLockedCompany(tx, companyId)) >= NEEDS_PER_COMPANY_MAX)
        throw unprocessable(MATCHING_MESSAGES.limitReached);
      const row = await insertNeed(tx, companyId, viewer.userId, body);
      return ownNeedOf(row, 0, japanDateString());
    },
    { message: MATCHING_MESSAGES.saved, audit: { action: 'CREATE', target: ownCode } },
  );

  serveCall(
    app,
    updateNeedCall,
    async ({ tx, viewer, params, body, request }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      const found = await findOwnNeed(tx, companyId, params.ca_unique_code);
      if (!found) throw notFound();
      await requireKnownChoices(tx, request.tenant, body);
      const row = await updateOwnNeed(tx, companyId, params.ca_unique_code, viewer.userId, body);
      if (!row) throw notFound();
      return ownNeedOf(row, found.dealCount, japanDateString());
    },
    {
      message: MATCHING_MESSAGES.saved,
      object: NEED_OBJECT,
      example: { body: EXAMPLE_FIELDS },
      audit: { action: 'UPDATE' },
    },
  );

  serveCall(
    app,
    deleteNeedCall,
    async ({ tx, viewer, params, request, afterCommit }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      const images = await deleteOwnNeed(tx, companyId, params.ca_unique_code);
      if (!images) throw notFound();
      afterCommit(() => deleteNeedImageFiles(storage, request.tenant.code, images, request.log));
      return { ca_unique_code: params.ca_unique_code };
    },
    { message: MATCHING_MESSAGES.deleted, object: NEED_OBJECT, audit: { action: 'DELETE' } },
  );

  serveCall(app, searchNeedsCall, async ({ tx, viewer, query, request }) => {
    const reader = readerOf(viewer, request.tenant.code);
    const network = await joinMatchingNetwork(tx, request.tenant, app.tenants);
    const { rows, totalRows } = await searchPublishedNeeds(
      tx,
      query,
      { ...reader, network },
      japanDateString(),
    );
    return pagedResult(
      rows.map((row) => publishedNeedOf(row, reader, bankNameOf(app.tenants, row.bank_code))),
      totalRows,
      query,
    );
  });

  serveCall(
    app,
    getNeedCall,
    async ({ tx, viewer, params, request }) => {
      const reader = readerOf(viewer, request.tenant.code);
      await joinMatchingNetwork(tx, request.tenant, app.tenants);
      const row = await findPublishedNeed(tx, params.ca_unique_code, japanDateString());
      if (!row) throw notFound();
      return {
        ...publishedNeedOf(row, reader, bankNameOf(app.tenants, row.bank_code)),
        is_favorite: await isFavoriteNeed(tx, viewer.userId, row.need_unique_code),
        open_cmh_unique_code: await openDealOnNeed(tx, reader, row),
      };
    },
    { object: PUBLISHED_NEED_OBJECT },
  );

  await needImageRoutes(app, storage);
}
