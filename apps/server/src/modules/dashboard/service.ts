import {
  ADMIN_MESSAGES,
  ADMIN_SEARCH_PAGE_SIZE,
  OUTBOX_PAGE_SIZE,
  type AlumniFilter,
  type UpdateUserMetadataBody,
} from '@alumnet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { adminCollegeId, policy } from '../../lib/policy';
import { rejectionEmail } from '../../mail/templates';
import type { Transports } from '../../mail/transports';
import type { SessionUser } from '../auth/repository';
import { recordAudit, type AuditActor } from '../audit/record';
import { automaticGroupsOf, ruleMoves } from '../groups';
import * as repo from './repository';

/** The audit log's "on whom" for a member an admin acts on. */
const onMember = (user: { id: string; fullName: string; collegeId: string | null }) => ({
  collegeId: user.collegeId,
  targetType: 'user',
  targetId: user.id,
  targetLabel: user.fullName,
});

export function createDashboardService(
  db: Database,
  transports: Transports,
  log: FastifyBaseLogger,
) {
  /** The member an admin acts on: a super admin reaches every college, an admin only theirs. */
  async function managedUser(admin: SessionUser, userId: string) {
    const user = await repo.findManagedUser(
      db,
      admin.isSuperAdmin ? undefined : admin.collegeId!,
      userId,
    );
    if (!user) throw notFound('User not found.');
    return user;
  }

  return {
    /** A college admin gets their own college; a super admin every college to pick from. */
    colleges: (admin: SessionUser) =>
      repo.collegeList(db, policy.isSuperAdmin(admin) ? undefined : adminCollegeId(admin)),

    async search(admin: SessionUser, filter: AlumniFilter, pageId: number) {
      const collegeId = adminCollegeId(admin, filter.collegeId);
      return repo.searchAlumni(db, collegeId, filter, {
        limit: ADMIN_SEARCH_PAGE_SIZE,
        offset: (pageId - 1) * ADMIN_SEARCH_PAGE_SIZE,
      });
    },

    async reject(admin: SessionUser, userId: string, reason: string, actor: AuditActor) {
      const user = await managedUser(admin, userId);
      if (user.isRejected) throw conflict(`${user.fullName} has already been rejected.`);
      const endedSessionIds = await db.transaction(async (tx) => {
        const ended = await repo.rejectUser(tx, user.id, reason);
        await recordAudit(tx, actor, {
          action: 'member.reject',
          ...onMember(user),
          details: { reason },
        });
        return ended;
      });
      // The rejection stands whether or not the mail server answers; a failure is logged.
      await transports.email
        .send(
          {
            channel: 'email',
            to: user.email,
            ...rejectionEmail({ fullName: user.fullName, collegeName: user.collegeName, reason }),
            idempotencyKey: `reject:${user.id}`,
            collegeId: user.collegeId,
          },
          db,
        )
        .catch((error: unknown) =>
          log.warn({ err: error, userId: user.id }, 'rejection e-mail not sent'),
        );
      return { user, endedSessionIds };
    },

    async deleteUser(admin: SessionUser, userId: string, actor: AuditActor) {
      const user = await managedUser(admin, userId);
      if (user.isRegistered) throw badRequest(ADMIN_MESSAGES.cannotDeleteRegistered);
      await db.transaction(async (tx) => {
        // Registered in between (an invitation accepted just now): the same refusal.
        if (!(await repo.deleteUnregisteredUser(tx, user.id)))
          throw badRequest(ADMIN_MESSAGES.cannotDeleteRegistered);
        await recordAudit(tx, actor, {
          action: 'member.delete',
          ...onMember(user),
          details: { email: user.email },
        });
      });
      return user;
    },

    async updateMetadata(admin: SessionUser, body: UpdateUserMetadataBody, actor: AuditActor) {
      const user = await managedUser(admin, body.userId);
      const chain = { degreeId: body.degreeId, batchId: body.batchId, branchId: body.branchId };
      if (!(await repo.chainExists(db, { collegeId: user.collegeId!, ...chain })))
        throw badRequest(
          'The selected degree, batch and branch do not belong together in this college.',
        );
      // A new batch or branch may move the member between automatic groups.
      return db.transaction(async (tx) => {
        const before = await automaticGroupsOf(tx, user.id);
        await repo.updateUserStructure(tx, user.id, chain);
        await recordAudit(tx, actor, {
          action: 'member.metadata',
          ...onMember(user),
          details: chain,
        });
        return {
          userId: user.id,
          groupMoves: ruleMoves(before, await automaticGroupsOf(tx, user.id)),
        };
      });
    },

    outbox(admin: SessionUser, collegeId: string | undefined, page: number) {
      // A super admin without a pick reads every college's outbox.
      const scope = admin.isSuperAdmin && !collegeId ? undefined : adminCollegeId(admin, collegeId);
      return repo.outboxPage(db, scope, {
        limit: OUTBOX_PAGE_SIZE,
        offset: (page - 1) * OUTBOX_PAGE_SIZE,
      });
    },
  };
}
