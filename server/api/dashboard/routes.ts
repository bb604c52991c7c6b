import type { FastifyInstance } from 'fastify';
import {
  FEATURE_REQUEST_MESSAGES,
  listFeatureRequests,
  sendFeatureRequest,
} from '#server/contracts/feature-request.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import { serveCall } from '../kit/serve-call.ts';
import { insertFeatureRequest, searchFeatureRequests } from './feature-request-queries.ts';

/** /api/v1/dashboard/contact: the staff's feature requests (sent by any staff, read by the admins). */
export async function dashboardRoutes(app: FastifyInstance) {
  serveCall(
    app,
    sendFeatureRequest,
    async ({ tx, body, viewer }) => ({
      feature_request_id: await insertFeatureRequest(tx, body.body, viewer.userId),
    }),
    {
      message: FEATURE_REQUEST_MESSAGES.sent,
      audit: { action: 'CREATE', target: (_, result) => result.feature_request_id },
    },
  );

  serveCall(app, listFeatureRequests, async ({ tx, query }) => {
    const { list, total } = await searchFeatureRequests(tx, query);
    return pagedResult(list, total, query);
  });
}
