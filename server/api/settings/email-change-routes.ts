import type { FastifyInstance, FastifyRequest } from 'fastify';
import { confirmEmailChangeCall, EMAIL_CHANGE_MESSAGES } from '#server/contracts/email-change.ts';
import { unprocessable } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import { emailChangeRefusal, takeEmailChange } from './email-change-queries.ts';

const REFUSALS = {
  unknown: EMAIL_CHANGE_MESSAGES.linkInvalid,
  expired: EMAIL_CHANGE_MESSAGES.linkExpired,
  used: EMAIL_CHANGE_MESSAGES.linkUsed,
} as const;

/**
 * POST /api/v1/user/email/confirm (the page /email/confirm sends the link's token): the user's
 * e-mail address becomes the one the link was mailed to. Anyone holding the link may follow it (it
 * proves the mailbox), but not a staff member acting as a user (refusedWhileSwitched). The audit
 * row names the user whose address changed; its actor is whoever is logged in, if anyone.
 */
export async function emailChangeRoutes(
  app: FastifyInstance,
  forgetUser: (request: FastifyRequest, companyId: number | null) => void,
): Promise<void> {
  serveCall(
    app,
    confirmEmailChangeCall,
    async ({ tx, body, request, afterCommit, audit }) => {
      const taken = await takeEmailChange(tx, body.token);
      // 422, not 400 (decision 0005): the browser cannot tell an expired or used link from its shape.
      if (!taken) throw unprocessable(REFUSALS[await emailChangeRefusal(tx, body.token)]);
      // The audit target is the user the token named, known only once the handler has taken it.
      audit({ target: taken.userUniqueCode });
      afterCommit(async () => forgetUser(request, taken.companyId));
      request.log.info({ userId: taken.userId }, 'e-mail change confirmed');
      return { user_email: taken.email };
    },
    {
      message: EMAIL_CHANGE_MESSAGES.confirmed,
      audit: { action: 'UPDATE' },
    },
  );
}
