import type { FastifyInstance } from 'fastify';
import { companyDetailCall } from '#server/contracts/company-detail.ts';
import { notFound } from '#server/errors.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { serveCall } from '../kit/serve-call.ts';
import { companyChargeHistory, companyUsersWithLogins, findCompanyForDesk } from './detail-queries.ts';

/**
 * A company's page on the desk (GET /api/v1/company/detail/{company_unique_code}), for bank staff:
 * branch staff get only the companies of their branches, and any other company is 404 as another
 * bank's is.
 */
export async function companyDetailRoutes(app: FastifyInstance, _services: DomainServices): Promise<void> {
  serveCall(
    app,
    companyDetailCall,
    async ({ tx, viewer, params }) => {
      const found = await findCompanyForDesk(tx, viewer, params.company_unique_code);
      if (!found) throw notFound();
      const { companyId, ...company } = found;
      // One transaction is one connection: its queries run one after the other anyway.
      const users = await companyUsersWithLogins(tx, companyId);
      const charges = await companyChargeHistory(tx, companyId);
      return { ...company, users, charges };
    },
    { object: { param: 'company_unique_code', table: 'companies', column: 'company_unique_code' } },
  );
}
