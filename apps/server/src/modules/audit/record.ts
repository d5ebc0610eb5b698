import type { AuditAction } from '@alumnet/contract';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { currentUser } from '../auth/plugin';

/** Who acts, as the log names them: the session's user and the address the call came from. */
export interface AuditActor {
  id: string;
  ip: string | null;
}

export const auditActor = (request: FastifyRequest): AuditActor => ({
  id: currentUser(request).id,
  ip: request.ip ?? null,
});

export interface AuditRecord {
  action: AuditAction;
  /** The college the action concerns (null: the whole platform's, super admins only). */
  collegeId: string | null;
  targetType?: string;
  targetId?: string | null;
  /** A name a person reads ("Asha Rao", "Batch 2019"), copied now: the target may go later. */
  targetLabel?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes one line of the audit log. Call it with the transaction of the action itself, so the
 * action and its record are committed together or not at all. The actor's name is copied in the
 * same statement (no extra round trip), so the line still reads after the account is gone.
 */
export async function recordAudit(db: Executor, actor: AuditActor, record: AuditRecord) {
  await db.insert(auditLog).select(
    db
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        at: sql<Date>`now()`.as('at'),
        actorId: users.id,
        actorName: users.fullName,
        collegeId: sql<string | null>`${record.collegeId}::uuid`.as('college_id'),
        action: sql<string>`${record.action}`.as('action'),
        targetType: sql<string | null>`${record.targetType ?? null}`.as('target_type'),
        targetId: sql<string | null>`${record.targetId ?? null}`.as('target_id'),
        targetLabel: sql<string | null>`${record.targetLabel ?? null}`.as('target_label'),
        details: sql`${JSON.stringify(record.details ?? {})}::jsonb`.as('details'),
        ip: sql<string | null>`${actor.ip}`.as('ip'),
      })
      .from(users)
      .where(sql`${users.id} = ${actor.id}`),
  );
}
