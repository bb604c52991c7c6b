import { seedCompaniesDomain } from '#server/db/seeds/companies.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import { companyBulkCreateRoutes } from './bulk-create-routes.ts';
import { companyCardListRoutes } from './card-list-routes.ts';
import { companyChargeRoutes } from './charge-routes.ts';
import { companyCreateRoutes } from './create-routes.ts';
import { companyDetailRoutes } from './detail-routes.ts';
import { companyListRoutes } from './list-routes.ts';
import { companyProfileRoutes } from './profile-routes.ts';
import { companyUnsubscriptionRoutes } from './unsubscription-routes.ts';
import { unsubscriptionJob } from './unsubscription-job.ts';

/**
 * The bank's company desk (/admin/company: the list, a company's detail, creating one or many,
 * monthly charges, the companies' registered cards, reserving a company's leaving) and the
 * company's own profile (/mypage/company/edit, /mypage/mybusiness/edit).
 */
export const companiesDomain = defineServerDomain({
  name: 'companies',
  routes: async (app, services) => {
    await companyListRoutes(app, services);
    await companyDetailRoutes(app, services);
    await companyCreateRoutes(app, services);
    await companyBulkCreateRoutes(app, services);
    await companyChargeRoutes(app, services);
    await companyCardListRoutes(app, services);
    await companyUnsubscriptionRoutes(app, services);
    await companyProfileRoutes(app, services);
  },
  seed: seedCompaniesDomain,
  jobs: [unsubscriptionJob],
});
