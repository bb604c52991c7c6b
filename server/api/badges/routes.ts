import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badgeCountsSchema, type BadgeCountsAnswer } from '#server/contracts/badge-counters.ts';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import type { BadgeRegistry } from './badge-registry.ts';
import { unauthorized } from '#server/errors.ts';

/**
 * GET /api/v1/badges: every count the user's layout shows, in one request and one bank
 * transaction. Polled every 6 s by a visible tab; it does not count as activity, so an idle
 * session still ends after 30 minutes with the tab open.
 */
export const badgeRoutes: FastifyPluginAsyncZod<{ badges: BadgeRegistry }> = async (app, options) => {
  app.get(
    '',
    {
      config: { access: 'login', sessionActivity: false },
      schema: {
        tags: ['user'],
        summary: 'バッジの件数',
        description:
          '未読・未対応の件数（ユーザーのレイアウトに表示するものだけ）をまとめて返します。表示しない件数は含みません（0 と同じ）。',
        response: { 200: successEnvelope(badgeCountsSchema) },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const counters = await options.badges.applicable(auth, request);
      const counts: BadgeCountsAnswer = {};
      if (counters.length > 0) {
        await request.inBank(async (tx) => {
          for (const badge of counters) counts[badge.counter] = await badge.count(tx);
        });
      }
      return success(counts);
    },
  );
};
