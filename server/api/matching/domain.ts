import { seedMatching } from '#server/db/seeds/matching.ts';
import { defineServerDomain } from '../kit/server-domain.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import type { FastifyInstance } from 'fastify';
import { aichatRoutes } from './aichat-routes.ts';
import { agentRoutes } from './agent-routes.ts';
import { agreementRoutes } from './agreement-routes.ts';
import { campaignRoutes } from './campaign-routes.ts';
import { unrepliedMatchingBadge } from './deal-badge.ts';
import { matchingDealMailJob } from './deal-mail-job.ts';
import { dealRoutes } from './deal-routes.ts';
import { favoriteRoutes } from './favorite-routes.ts';
import { needDigestJob } from './need-digest-job.ts';
import { needFigures } from './need-figures.ts';
import { needNoticeSettingRoutes } from './need-notice-setting-routes.ts';
import { needRoutes } from './need-routes.ts';
import { matchingStaffRoutes } from './staff-routes.ts';

async function matchingRoutes(app: FastifyInstance, services: DomainServices): Promise<void> {
  await needRoutes(app, services);
  await matchingStaffRoutes(app, services);
  await dealRoutes(app);
  await favoriteRoutes(app);
  await agreementRoutes(app);
  await campaignRoutes(app);
  await agentRoutes(app);
  await aichatRoutes(app, services);
  await needNoticeSettingRoutes(app, services);
}

/**
 * Business matching (issue 17, decision 0092): the companies' needs, the search across the bank
 * and the matching network, deal requests and the unanswered-matching badge, their mail, and the
 * company list's needs figure, and the company's need-notice setting that the digest mails by.
 */
export const matchingDomain = defineServerDomain({
  name: 'matching',
  routes: matchingRoutes,
  badges: [unrepliedMatchingBadge],
  seed: seedMatching,
  companyFigures: needFigures,
  jobs: [matchingDealMailJob, needDigestJob],
});
