import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserTypeCode } from '../contracts/account-types.ts';
import { maySwitchInto, switchTargetTypesOf } from '../contracts/user-switch.ts';
import { MESSAGES } from '../contracts/messages.ts';
import { userSwitchAudits } from '../db/schema/user-switch-audits.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import { findPortalUser } from './portal-user.ts';
import type { RequestAuth } from './request-auth.ts';
import type { LoadedSession, SessionIdentity, SessionUser } from './sessions.ts';
import { sessionTokensOf } from './auth-plugin.ts';
import { recordSessionAudit } from './session-audit.ts';

/**
 * Impersonation: a system or bank admin acts as another user of the same bank, of an account type
 * the contract's table allows (server/contracts/user-switch.ts: never an equal or higher one). The bank's provider
 * mints that user's tokens (POST {issuer}/token/switch with the admin's access token); the session
 * keeps the admin's identity aside and restores it on switch-back. Each switch and each return is
 * written to user_switch_audits (who, whom, when, from which address) before the session changes,
 * and to the audit trail as the user's LOGIN or LOGOUT with the admin as impersonator.
 */

const switchAnswerSchema = z.object({
  id_token: z.string(),
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
  token_type: z.string(),
});

async function audit(
  app: FastifyInstance,
  request: FastifyRequest,
  direction: 'switch' | 'switch_back',
  actor: SessionUser,
  target: SessionUser,
) {
  await request.inBank(async (tx) => {
    await tx.insert(userSwitchAudits).values({
      usa_direction: direction,
      actor_user_id: actor.userId,
      actor_user_unique_code: actor.userUniqueCode,
      target_user_id: target.userId,
      target_user_unique_code: target.userUniqueCode,
      usa_client_address: request.ip,
    });
    await recordSessionAudit(tx, request, direction === 'switch' ? 'LOGIN' : 'LOGOUT', target, actor);
  });
}

export const SWITCH_FAILED_MESSAGE = MESSAGES.userSwitchFailed;

/**
 * The account types the caller may act as now: the contract's table for their type, and none while
 * they already act as someone (a second switch would hide who is really acting) or without a
 * session (a Bearer caller has no session to keep the admin in).
 */
export function switchTargetTypesFor(auth: RequestAuth): readonly UserTypeCode[] {
  if (!auth.session || auth.session.data.switchedFrom) return [];
  return switchTargetTypesOf(auth.user.userType);
}

export async function startImpersonation(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: LoadedSession,
  targetUniqueCode: string,
): Promise<LoadedSession> {
  const admin = session.data.user;
  if (session.data.switchedFrom || switchTargetTypesOf(admin.userType).length === 0) throw forbidden();
  if (targetUniqueCode === admin.userUniqueCode) throw notFound();
  // Row-level security first: another bank's user is a 404, so a 403 below only ever speaks of a
  // user of the admin's own bank, whose staff the admin may already see.
  const target = await findPortalUser(app.db, request.tenant.code, targetUniqueCode);
  if (!target) throw notFound();
  if (!maySwitchInto(admin.userType, target.userType)) throw forbidden();

  const client = await app.relyingParties.forTenant(request.tenant);
  const response = await client.fetch(`${client.issuer}/token/switch`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${session.data.tokens.accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ user_unique_code: target.userUniqueCode }),
  });
  if (response.status === 404) throw notFound();
  // The provider applies the same table; it refuses what the gateway let through only if the two disagree.
  if (response.status === 403) throw forbidden();
  if (!response.ok) {
    request.log.warn({ status: response.status }, 'the provider refused the user switch');
    throw new AppError('switch_failed', 422, SWITCH_FAILED_MESSAGE);
  }
  const tokens = sessionTokensOf(switchAnswerSchema.parse(await response.json()));
  const payload = await app.relyingParties.verifyIdToken(client, tokens.idToken);
  if (payload.sub !== target.userUniqueCode) throw new AppError('switch_failed', 422, SWITCH_FAILED_MESSAGE);

  await audit(app, request, 'switch', admin, target);
  const adminIdentity: SessionIdentity = {
    user: admin,
    tokens: session.data.tokens,
    absoluteExpiresAt: session.data.absoluteExpiresAt,
  };
  request.log.info({ admin: admin.userUniqueCode, user: target.userUniqueCode }, 'user switch');
  return app.sessions.rotate(reply, session, {
    ...session.data,
    user: target,
    tokens,
    // The admin's own limit stays: impersonating never lengthens a staff session.
    absoluteExpiresAt: session.data.absoluteExpiresAt,
    switchedFrom: adminIdentity,
  });
}

export async function endImpersonation(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: LoadedSession,
): Promise<LoadedSession> {
  const original = session.data.switchedFrom;
  if (!original) return session;
  await audit(app, request, 'switch_back', original.user, session.data.user);
  request.log.info({ admin: original.user.userUniqueCode }, 'user switch back');
  return app.sessions.rotate(reply, session, { ...session.data, ...original, switchedFrom: null });
}
