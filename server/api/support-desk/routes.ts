import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { AppError, MESSAGES } from '#server/errors.ts';
import { requestOrigin } from '#server/auth/same-origin.ts';

/** How long the desk accepts the token: long enough for one redirect. */
const TOKEN_LIFETIME_SECONDS = 120;

/**
 * GET /api/v1/support_desk/sso: sends the logged-in user to the bank's support desk
 * (tenant urls.support_desk_url) with a signed token (HS256 JWT: who, which bank, for 2 minutes),
 * so the desk knows the customer without a second login. A failure to sign answers 500 (spec).
 */
export const supportDeskRoutes: FastifyPluginAsyncZod<{ signingSecret: string | undefined }> = async (
  app,
  options,
) => {
  const key = options.signingSecret ? new TextEncoder().encode(options.signingSecret) : undefined;
  app.get(
    '/sso',
    {
      config: { access: 'login', answers: 'redirect' },
      schema: {
        tags: ['user'],
        summary: 'サポートデスクへのシングルサインオン',
        description: '署名付きトークンを付けてサポートデスクへリダイレクトします。署名できないときは 500。',
      },
    },
    async (request, reply) => {
      const { user } = await request.viewerFor('login');
      if (!key) throw new AppError('support_desk_unconfigured', 500, MESSAGES.serverError);
      let token: string;
      try {
        token = await new SignJWT({
          bank_code: request.tenant.code,
          name: user.user_name,
          email: user.user_email,
          company_name: user.company_name,
          user_type: user.user_type,
        })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(user.user_unique_code)
          .setIssuer(requestOrigin(request))
          .setAudience(request.tenant.config.urls.support_desk_url)
          .setJti(randomUUID())
          .setIssuedAt()
          .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
          .sign(key);
      } catch (error) {
        throw new AppError('support_desk_signing_failed', 500, MESSAGES.serverError, { cause: error });
      }
      const target = new URL(request.tenant.config.urls.support_desk_url);
      target.searchParams.set('jwt', token);
      return reply.header('cache-control', 'no-store').redirect(target.href);
    },
  );
};
