import type { FastifyRequest } from 'fastify';
import type { DbTransaction } from '../db/database.ts';
import { recordAudit } from '../db/audit.ts';
import type { SessionUser } from './sessions.ts';

/**
 * The audit rows of sessions (issue 12): a login, a logout, and an admin's switch into a user
 * and back. A session is always the user's: a switch is recorded as a LOGIN of the user the admin
 * becomes, with the admin as impersonator, and the switch back as that user's LOGOUT, so
 * /admin/activity reads a user's sessions, their own and those an admin held in their name, from one
 * kind of row. The target is the user whose session it is.
 */
export function recordSessionAudit(
  tx: DbTransaction,
  request: FastifyRequest,
  action: 'LOGIN' | 'LOGOUT',
  user: SessionUser,
  impersonator: SessionUser | null,
): Promise<void> {
  return recordAudit(tx, {
    action,
    targetType: 'user',
    targetId: user.userId,
    actorUserId: user.userId,
    impersonatorUserId: impersonator?.userId ?? null,
    clientAddress: request.ip,
    requestId: request.id,
  });
}
