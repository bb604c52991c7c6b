import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { changePasswordCall, PASSWORD_CHANGE_MESSAGES } from '#server/contracts/password-change.ts';
import { hashPassword, verifyPassword } from '#server/db/password-hash.ts';
import { unprocessable } from '#server/errors.ts';
import { bankRateLimitOptions } from '#server/plugins/rate-limit.ts';
import { bankScopedKey } from '#server/tenancy/bank-key.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { setPassword } from '../accounts/password-reset-queries.ts';
import { ownPasswordHash } from './password-change-queries.ts';

/**
 * POST /api/v1/setting/password (/mypage/setting/password): a company user changes their own
 * password. Company users only (access 'company'): the page is under /mypage, and bank staff keep
 * theirs through the reminder. The current password is checked as the charge page checks it, and
 * the tries of one user are held to the login's budget (each is one scrypt hash, as at the login).
 *
 * A change sets the hash and user_password_changed_at (the provider then asks for the password on
 * any single-sign-on login that began before it; refresh tokens are not touched, so the session
 * that made the change stays usable) and ends the user's other gateway sessions before the
 * transaction commits: if the store cannot be reached, the password stays as it was.
 */
export async function passwordSettingRoutes(app: FastifyInstance, services: DomainServices): Promise<void> {
  // A scope of its own: the rate limit's decoration stays with this route.
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      ...bankRateLimitOptions({
        name: 'password-change',
        ...services.config.loginRateLimit,
        message: PASSWORD_CHANGE_MESSAGES.rateLimited,
        store: services.rateLimitStore,
      }),
      // Per user rather than per address: it is their password that is being tried.
      keyGenerator: (request) =>
        bankScopedKey(
          request.tenant.code,
          'rate-limit',
          'password-change',
          request.auth ? `user-${request.auth.user.userId}` : normalizeIP(request.ip),
        ),
    });

    serveCall(
      scope,
      changePasswordCall,
      async ({ tx, body, viewer, request }) => {
        // The provider keeps the passwords: a hash set here would open nothing.
        if (request.tenant.config.oidc.password_reset_url) {
          throw unprocessable(PASSWORD_CHANGE_MESSAGES.externalProvider);
        }
        const hash = await ownPasswordHash(tx, viewer.userId);
        if (hash === null || !(await verifyPassword(body.current_password, hash))) {
          request.log.warn(
            { userId: viewer.userId },
            'password change refused: the current password was wrong',
          );
          throw unprocessable(PASSWORD_CHANGE_MESSAGES.currentPasswordWrong, {
            current_password: [PASSWORD_CHANGE_MESSAGES.currentPasswordWrong],
          });
        }
        await setPassword(tx, viewer.userId, await hashPassword(body.password));
        // Before the commit: if the sessions cannot be ended, the password stays as it was.
        const session = request.auth?.session;
        if (session) await request.server.sessions.endOthersOf(request.tenant.code, viewer.userId, session);
        else await request.server.sessions.endAllOf(request.tenant.code, viewer.userId);
        request.log.info({ userId: viewer.userId }, 'password changed by its user');
        return {};
      },
      {
        message: PASSWORD_CHANGE_MESSAGES.changed,
        onRequest: scope.rateLimit(),
        audit: { action: 'UPDATE', target: ({ viewer }) => viewer.user.user_unique_code },
      },
    );
  });
}
