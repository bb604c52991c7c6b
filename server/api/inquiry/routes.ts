import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { success, successEnvelope } from '../../contracts/envelope.ts';
import { inquiryReceiptSchema, inquiryRequestSchema } from '../../contracts/inquiry.ts';
import { insertInquiry } from './queries.ts';

export const INQUIRY_RECEIVED_MESSAGE = 'お問い合わせを受け付けました';

/**
 * /api/v1/inquiry: the public inquiry form (platform spec section 2, /inquiry). No login: anyone may
 * write to the bank whose host they are on, and the inquiry is stored for that bank's staff only.
 */
export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  // '' rather than '/': the path is the prefix itself, POST /api/v1/inquiry (no trailing slash).
  app.post(
    '',
    {
      schema: {
        tags: ['inquiry'],
        summary: 'お問い合わせの送信',
        description:
          'お問い合わせフォームの内容を、ホスト名の金融機関宛てに「未対応」として保存します。入力に誤りがあれば 400 と項目ごとのメッセージを返します。',
        body: inquiryRequestSchema,
        response: { 200: successEnvelope(inquiryReceiptSchema) },
      },
    },
    async (request) => {
      const code = await app.db.withBank(request.tenant.code, (tx) => insertInquiry(tx, request.body));
      // The code only: what the sender wrote is personal data and stays out of the log.
      request.log.info({ inquiry: code }, 'inquiry received');
      return success({ inquiry_unique_code: code }, INQUIRY_RECEIVED_MESSAGE);
    },
  );
};
