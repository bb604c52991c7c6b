import { isIP } from 'node:net';
import { type AuditAction, auditTargetTypeSchema } from '../contracts/audit-actions.ts';
import type { DbTransaction } from './database.ts';
import { auditEvents } from './schema/audit-events.ts';

/**
 * One state-changing command, as the audit trail keeps it. Every field is required, null where it
 * does not apply, so a caller cannot leave out the impersonator or the address by forgetting them.
 */
export interface AuditEvent {
  /** What the command did: a code of server/contracts/audit-actions.ts. */
  action: AuditAction;
  /** The domain of the target, as its folder under server/api/ spells it (`news`, `inquiry`). */
  targetType: string;
  /** The target's id or unique code; null when the command has no single target. */
  targetId: string | number | null;
  /** Who acted; null for a visitor (the public inquiry form). */
  actorUserId: number | null;
  /** The staff member acting as actorUserId through a switch; null when nobody is switched. */
  impersonatorUserId: number | null;
  /** request.ip; kept only if it is an IP address (see clientAddressOf). */
  clientAddress: string | null;
  /** request.id, the id the request's log lines carry. */
  requestId: string | null;
}

/**
 * Writes one audit row in `tx`, the command's own transaction inside withBank: the row commits
 * with the command or not at all, and its bank is the transaction's (bank_code's default), so a
 * row can only ever land in the bank the command changed. Outside a bank (withoutBank) the insert
 * is refused by row-level security. The application role may not change the row afterwards.
 */
export async function recordAudit(tx: DbTransaction, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    action: event.action,
    target_type: auditTargetTypeSchema.parse(event.targetType),
    target_id: event.targetId === null ? null : String(event.targetId),
    actor_user_id: event.actorUserId,
    impersonator_user_id: event.impersonatorUserId,
    client_address: clientAddressOf(event.clientAddress),
    request_id: event.requestId,
  });
}

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The address as the inet column takes it: an IPv4 client seen through a dual-stack socket
 * (`::ffff:203.0.113.5`) as IPv4, an IPv6 zone (`%eth0`, which inet refuses) dropped. Behind a
 * trusted proxy request.ip comes from X-Forwarded-For and may be any text; such a value is kept as
 * null rather than failing the command it would be recorded for.
 */
function clientAddressOf(address: string | null): string | null {
  if (address === null) return null;
  const withoutZone = address.split('%', 1)[0] ?? '';
  const candidate = IPV4_MAPPED.exec(withoutZone)?.[1] ?? withoutZone;
  return isIP(candidate) === 0 ? null : candidate;
}
