import type { FastifyInstance } from 'fastify';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  addFavoriteNeedCall,
  FAVORITE_MESSAGES,
  FAVORITES_PER_USER_MAX,
  getMatchingCompanyCall,
  listFavoriteNeedsCall,
  removeFavoriteNeedCall,
} from '#server/contracts/matching.ts';
import { paginate } from '#server/contracts/paging.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import {
  addFavoriteNeed,
  countFavoritesOfLockedUser,
  favoriteNeedCodes,
  removeFavoriteNeed,
} from './favorite-queries.ts';
import { ownBankCompanyProfile, publishedNeedsOfCompany } from './matching-company-queries.ts';
import { bankNameOf, joinMatchingNetwork } from './network-membership.ts';
import { readerOf } from './matching-viewer.ts';
import { findPublishedNeed, findPublishedNeeds, publishedNeedOf } from './need-search-queries.ts';
import { PUBLISHED_NEED_OBJECT } from './need-routes.ts';

/** A company of the bank with no nationwide need: another bank's company page is then 404. */
const COMPANY_OBJECT = {
  param: 'company_unique_code',
  table: 'companies',
  column: 'company_unique_code',
  where:
    'not exists (select 1 from network_needs n where n.bank_code = companies.bank_code and n.company_id = companies.company_id and n.need_is_nationwide)',
};

/**
 * A user's favourite needs (/mypage/matching/favca) and a company's matching page
 * (/mypage/matching/company/{code}): both read needs through the projection only, so a need or a
 * company another bank may not see is a 404 here as on the need pages.
 */
export async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  const bankName = (code: string) => bankNameOf(app.tenants, code);

  serveCall(app, listFavoriteNeedsCall, async ({ tx, viewer, query, request }) => {
    const reader = readerOf(viewer, request.tenant.code);
    await joinMatchingNetwork(tx, request.tenant, app.tenants);
    const rows = await findPublishedNeeds(tx, await favoriteNeedCodes(tx, viewer.userId), japanDateString());
    return paginate(
      rows.map((row) => publishedNeedOf(row, reader, bankName(row.bank_code))),
      query.page,
      query.rows,
    );
  });

  serveCall(
    app,
    addFavoriteNeedCall,
    async ({ tx, viewer, params, request }) => {
      readerOf(viewer, request.tenant.code);
      await joinMatchingNetwork(tx, request.tenant, app.tenants);
      if (!(await findPublishedNeed(tx, params.ca_unique_code, japanDateString()))) throw notFound();
      if ((await countFavoritesOfLockedUser(tx, viewer.userId)) >= FAVORITES_PER_USER_MAX)
        throw unprocessable(FAVORITE_MESSAGES.limitReached);
      await addFavoriteNeed(tx, viewer.userId, params.ca_unique_code);
      return { ca_unique_code: params.ca_unique_code, is_favorite: true };
    },
    { message: FAVORITE_MESSAGES.added, object: PUBLISHED_NEED_OBJECT, audit: { action: 'CREATE' } },
  );

  serveCall(
    app,
    removeFavoriteNeedCall,
    async ({ tx, viewer, params, request }) => {
      readerOf(viewer, request.tenant.code);
      if (!(await removeFavoriteNeed(tx, viewer.userId, params.ca_unique_code))) throw notFound();
      return { ca_unique_code: params.ca_unique_code, is_favorite: false };
    },
    { message: FAVORITE_MESSAGES.removed, object: PUBLISHED_NEED_OBJECT, audit: { action: 'DELETE' } },
  );

  serveCall(
    app,
    getMatchingCompanyCall,
    async ({ tx, viewer, params, request }) => {
      const reader = readerOf(viewer, request.tenant.code);
      const code = params.company_unique_code;
      await joinMatchingNetwork(tx, request.tenant, app.tenants);
      const needs = await publishedNeedsOfCompany(tx, code, japanDateString());
      const own = await ownBankCompanyProfile(tx, code);
      const answer = (rows: typeof needs) =>
        rows.map((row) => publishedNeedOf(row, reader, bankName(row.bank_code)));
      if (own)
        return {
          ...own,
          bank_code: reader.bankCode,
          bank_name: bankName(reader.bankCode),
          is_own_bank: true,
          needs: answer(needs.filter((row) => row.bank_code === reader.bankCode)),
        };
      const [first] = needs;
      if (!first) throw notFound();
      return {
        company_unique_code: first.company_unique_code,
        company_name: first.company_name,
        company_prefecture_code: first.company_prefecture_code,
        bank_code: first.bank_code,
        bank_name: bankName(first.bank_code),
        is_own_bank: false,
        profile: null,
        needs: answer(needs.filter((row) => row.bank_code === first.bank_code)),
      };
    },
    { object: COMPANY_OBJECT },
  );
}
