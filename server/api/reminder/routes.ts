import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkResetLinkCall,
  REMINDER_MESSAGES,
  requestPasswordResetCall,
  RESET_LINK_VALID_MINUTES,
  resetPasswordCall,
} from '#server/contracts/reminder.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { hashPassword } from '#server/db/password-hash.ts';
import { badRequest, unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { bankRateLimitOptions, type PublicFormLimit } from '#server/plugins/rate-limit.ts';
import { serveCall } from '../kit/serve-call.ts';
import {
  createResetLink,
  findResettableAccounts,
  resetLinkState,
  setPassword,
  useResetLink,
} from '../accounts/password-reset-queries.ts';
import { resetLinkMail } from './reset-mail.ts';

export const REMINDER_RATE_LIMITED_MESSAGE =
  '短時間に多くのお申し込みがありました。しばらくしてから再度お試しください。';

/** A bank whose provider keeps the passwords has them reset there (its tenant file's oidc.password_reset_url). */
function refuseWhenProviderResets(request: FastifyRequest): void {
  if (request.tenant.config.oidc.password_reset_url) throw badRequest(REMINDER_MESSAGES.externalProvider);
}

const REFUSALS = {
  unknown: REMINDER_MESSAGES.linkInvalid,
  expired: REMINDER_MESSAGES.linkExpired,
  // Valid when read but not taken: another reset with the same link won in between.
  used: REMINDER_MESSAGES.linkUsed,
  valid: REMINDER_MESSAGES.linkUsed,
} as const;

/**
 * The usable link's user and login id, or the refusal that says why the link cannot be used: a 422,
 * whose message the page shows (the request layer answers a 400 with its default message only).
 */
async function usableLink(tx: DbTransaction, token: string) {
  const state = await resetLinkState(tx, token);
  if (state.kind === 'valid') return state;
  throw unprocessable(REFUSALS[state.kind]);
}

/** Why a link could not be taken, as the refusal. */
async function refuseLink(tx: DbTransaction, token: string): Promise<never> {
  throw unprocessable(REFUSALS[(await resetLinkState(tx, token)).kind]);
}

/**
 * /api/v1/reminder: the password reminder of the bank's portal (platform spec section 2: /reminder,
 * /reminder/completed). Asking answers the same whether or not an account matched; a reset takes
 * the link once, sets the password and ends every session of the user before its transaction
 * commits.
 */
export async function reminderRoutes(app: FastifyInstance, options: PublicFormLimit) {
  await app.register(
    fastifyRateLimit,
    bankRateLimitOptions({
      name: 'reminder',
      ...options.rateLimit,
      message: REMINDER_RATE_LIMITED_MESSAGE,
      store: options.rateLimitStore,
    }),
  );

  serveCall(
    app,
    requestPasswordResetCall,
    async ({ tx, body, request }) => {
      refuseWhenProviderResets(request);
      if (body.homepage_url) {
        // The honeypot: only a bot fills it in. Answered as anyone is, and nothing is sent.
        request.log.info('reminder with the honeypot filled in ignored');
        return {};
      }
      const accounts = await findResettableAccounts(tx, body.login_id_or_email.trim());
      const bank = mailBankOfRequest(request);
      for (const account of accounts) {
        const token = await createResetLink(tx, account.userId);
        await queueMail(tx, renderBankMail(bank, resetLinkMail(bank, account, token)));
      }
      return {};
    },
    {
      message: REMINDER_MESSAGES.requested,
      onRequest: app.rateLimit(),
      description: `ログインIDまたはメールアドレスに当たる利用者に、${RESET_LINK_VALID_MINUTES}分間・1回限り有効なパスワード再設定リンクをメールで送ります。該当がなくても同じ応答です（アカウントの有無は分かりません）。同じ接続元から同じ金融機関へは${options.rateLimit.timeWindowMs / 60_000}分間に${options.rateLimit.max}回までで、超えると 429 を返します。`,
      audit: { action: 'SEND' },
    },
  );

  serveCall(app, checkResetLinkCall, async ({ tx, body, request }) => {
    refuseWhenProviderResets(request);
    const link = await usableLink(tx, body.token);
    return { user_login_id: link.loginId };
  });

  serveCall(
    app,
    resetPasswordCall,
    async ({ tx, body, request }) => {
      refuseWhenProviderResets(request);
      const userId = (await useResetLink(tx, body.token)) ?? (await refuseLink(tx, body.token));
      await setPassword(tx, userId, await hashPassword(body.password));
      // Before the commit: if the sessions cannot be ended, the password stays as it was.
      await request.server.sessions.endAllOf(request.tenant.code, userId);
      request.log.info({ userId }, 'password reset');
      return {};
    },
    { message: REMINDER_MESSAGES.completed, audit: { action: 'UPDATE' } },
  );
}
