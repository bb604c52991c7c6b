import type { FastifyInstance } from 'fastify';
import { searchCompanyCardsCall } from '#server/contracts/company-cards.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { searchCompanyCards } from './card-list-queries.ts';

/**
 * The companies' registered cards (/admin/company/creditcard) for the bank's staff: a page of a
 * search (POST, the staff lists' search). The call's rule refuses the banks that take no cards;
 * branch admins and branch users get the companies of their branches only.
 */
export async function companyCardListRoutes(app: FastifyInstance, _services: DomainServices): Promise<void> {
  serveCall(app, searchCompanyCardsCall, async ({ tx, body, viewer }) => {
    const { page, rows } = body;
    const { list, totalRows } = await searchCompanyCards(tx, viewer, body.conditions ?? {}, { page, rows });
    return pagedResult(list, totalRows, { page, rows });
  });
}
