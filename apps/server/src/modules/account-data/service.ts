import type { DeleteAccountBody } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { recordAudit, type AuditActor } from '../audit/record';
import { deleteSessionsOfUser, findPasswordHash } from '../auth/repository';
import type { SessionUser } from '../auth/repository';
import { deletionDate, findDeletion, startDeletion } from './deletion';

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'That password is not right.',
  noMember: 'No such member.',
  cancelled: 'Your account will not be deleted.',
  nothingPending: 'No deletion of your account is pending.',
};

export const deletionScheduledMessage = (deletesAt: Date) =>
  `Your account will be deleted on ${deletesAt.toUTCString().slice(0, 16)}. Sign in before then to keep it.`;

export function createAccountDataService(db: Database) {
  /** Starts the deletion and ends every session, together: half of it is never left. */
  async function scheduleDeletion(
    userId: string,
    keepContent: boolean,
    audit?: { actor: AuditActor; collegeId: string | null; label: string; request: string },
  ) {
    const endedSessionIds = await db.transaction(async (tx) => {
      if (!(await startDeletion(tx, userId, keepContent)))
        throw notFound(ACCOUNT_MESSAGES.noMember);
      const ended = await deleteSessionsOfUser(tx, userId);
      if (audit)
        await recordAudit(tx, audit.actor, {
          action: 'member.delete_account',
          collegeId: audit.collegeId,
          targetType: 'user',
          targetId: userId,
          targetLabel: audit.label,
          details: { keepContent, request: audit.request },
        });
      return ended;
    });
    const view = await findDeletion(db, userId);
    return { endedSessionIds, view };
  }

  return {
    deletion: (userId: string) => findDeletion(db, userId),

    /** The member's own request: the password confirms it is them. */
    async requestDeletion(userId: string, body: DeleteAccountBody) {
      if (!(await verifyPassword(await findPasswordHash(db, userId), body.password)))
        throw badRequest(ACCOUNT_MESSAGES.wrongPassword);
      const { endedSessionIds, view } = await scheduleDeletion(userId, body.keepContent);
      return {
        endedSessionIds,
        view,
        message: deletionScheduledMessage(new Date(view.deletesAt ?? deletionDate(new Date()))),
      };
    },

    /**
     * An admin, at the member's written request. The member must be in the admin's college (a
     * super admin: any), asked in the query itself; other colleges' members are "not found".
     */
    async adminDeletion(
      admin: SessionUser,
      actor: AuditActor,
      userId: string,
      body: { keepContent: boolean; request: string },
    ) {
      const found = await db.execute<{ collegeId: string | null; fullName: string }>(sql`
        SELECT college_id AS "collegeId", full_name AS "fullName" FROM users
         WHERE id = ${userId} AND deleted_at IS NULL AND user_type = 'u' AND NOT is_super_admin
           AND (${admin.isSuperAdmin} OR college_id = ${admin.collegeId}::uuid)`);
      const target = found.rows[0];
      if (!target) throw notFound(ACCOUNT_MESSAGES.noMember);
      const { endedSessionIds, view } = await scheduleDeletion(userId, body.keepContent, {
        actor,
        collegeId: target.collegeId,
        label: target.fullName,
        request: body.request,
      });
      return { endedSessionIds, view };
    },
  };
}
