import { COMMUNITY_MESSAGES } from '@alumnet/contract';
import type { Database } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/repository';
import { notify, type Tell } from '../notifications';
import * as repo from './repository';

/** Join Group Requests (admin-area.md §3) and the member's side of groups. */
export function createGroupService(db: Database, tell: Tell = () => {}) {
  async function group(groupId: string) {
    const found = await repo.findGroup(db, groupId);
    if (!found) throw notFound(COMMUNITY_MESSAGES.groupNotFound);
    return found;
  }

  return {
    collegeGroups: (collegeId: string) => repo.collegeGroups(db, collegeId),

    async pending(groupId: string) {
      const found = await group(groupId);
      return {
        groupName: found.groupName,
        pendingMembers: await repo.pendingMembers(db, groupId),
      };
    },

    /** The decision and, in the same transaction, the member's notification of it. */
    async decide(
      decider: SessionUser,
      groupId: string,
      memberId: string,
      status: 'approved' | 'rejected',
    ) {
      const found = await group(groupId);
      const recorded = await db.transaction(async (tx) => {
        if (!(await repo.decideRequest(tx, groupId, memberId, status)))
          throw notFound(COMMUNITY_MESSAGES.requestNotFound);
        return notify(tx, {
          recipientIds: [memberId.toLowerCase()],
          kind: 'group_request_decided',
          target: { type: 'group', id: found.id },
          actorId: decider.id,
          detail: `Your request to join ${found.groupName} was ${status}.`,
        });
      });
      tell(recorded);
      return {
        message: status === 'approved' ? 'Request approved.' : 'Request rejected.',
      };
    },

    async mine(user: SessionUser) {
      if (!user.collegeId) return [];
      return repo.memberGroups(db, user.collegeId, user.id);
    },

    async join(user: SessionUser, groupId: string) {
      const found = await group(groupId);
      if (found.collegeId !== user.collegeId) throw forbidden('This group is not of your college.');
      const existing = await repo.membership(db, groupId, user.id);
      if (existing && existing.status !== 'rejected')
        throw conflict(COMMUNITY_MESSAGES.alreadyMember);
      await repo.requestJoin(db, groupId, user.id);
      return { message: COMMUNITY_MESSAGES.joinRequested };
    },
  };
}
