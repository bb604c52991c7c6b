import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { sendInquiryCall } from '#server/contracts/inquiry.ts';
import { bankRateLimitOptions, type PublicFormLimit } from '#server/plugins/rate-limit.ts';
import { z } from 'zod';
import { countUnclosedInquiries } from './badges.ts';
import { insertInquiry } from './queries.ts';
import { serveCall } from '../kit/serve-call.ts';

export const INQUIRY_RECEIVED_MESSAGE = 'お問い合わせを受け付けました';
export const INQUIRY_RATE_LIMITED_MESSAGE =
  '短時間に多くのお問い合わせが送信されました。しばらくしてから再度お試しください。';

/**
 * /api/v1/inquiry: the public inquiry form (platform spec section 2, /inquiry). No login: anyone may
 * write to the bank whose host they are on, and the inquiry is stored for that bank's staff only.
 * Because anyone may, each client address has a budget per bank (5 per 10 minutes by default);
 * past it the POST is refused with 429 before its body is read.
 */
export const inquiryRoutes: FastifyPluginAsyncZod<PublicFormLimit> = async (app, options) => {
  await app.register(
    fastifyRateLimit,
    bankRateLimitOptions({
      name: 'inquiry',
      ...options.rateLimit,
      message: INQUIRY_RATE_LIMITED_MESSAGE,
      store: options.rateLimitStore,
    }),
  );

  serveCall(
    app,
    sendInquiryCall,
    async ({ tx, body, request }) => {
      const code = await insertInquiry(tx, body);
      // The code only: what the sender wrote is personal data and stays out of the log.
      request.log.info({ inquiry: code }, 'inquiry received');
      return { inquiry_unique_code: code };
    },
    {
      message: INQUIRY_RECEIVED_MESSAGE,
      onRequest: app.rateLimit(),
      description: `お問い合わせフォームの内容を、ホスト名の金融機関宛てに「未対応」として保存します。入力に誤りがあれば 400 と項目ごとのメッセージを返します。同じ接続元から同じ金融機関へは${options.rateLimit.timeWindowMs / 60_000}分間に${options.rateLimit.max}件までで、超えると 429 と Retry-After（秒）を返します。`,
      audit: { action: 'CREATE', target: (_, result) => result.inquiry_unique_code },
    },
  );

  app.get(
    '/closed_summary',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['inquiry'],
        summary: '未完了のお問い合わせ件数',
        description:
          'まだ完了していない（未対応・対応中の）お問い合わせの件数です。管理画面のお問い合わせバッジと同じ数です（システム管理者・銀行管理者のみ）。',
        response: { 200: successEnvelope(z.object({ count: z.int().nonnegative() })) },
      },
    },
    async (request) => {
      const total = await request.inBank(countUnclosedInquiries);
      return success({ count: total });
    },
  );
};
