import { COMMUNITY_MESSAGES } from '@alumnet/contract';
import type { Executor } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/repository';
import * as repo from './repository';

/** Join Group Requests (admin-area.md §3) and the member's side of groups. */
export function createGroupService(db: Executor) {
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

    async decide(groupId: string, memberId: string, status: 'approved' | 'rejected') {
      await group(groupId);
      if (!(await repo.decideRequest(db, groupId, memberId, status)))
        throw notFound(COMMUNITY_MESSAGES.requestNotFound);
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
