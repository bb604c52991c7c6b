import type { FastifyRequest } from 'fastify';

/**
 * Who did it and from where, as the audit trail records a command of this request: the actor, the
 * admin acting as the actor after a switch, the client address and the request id. Written by serveCall for
 * every command, and by the few that write their audit row themselves (an image that replaces another).
 */
export function auditActorOf(request: FastifyRequest, actorUserId: number | null) {
  return {
    actorUserId,
    impersonatorUserId: request.auth?.session?.data.switchedFrom?.user.userId ?? null,
    clientAddress: request.ip,
    requestId: request.id,
  };
}
