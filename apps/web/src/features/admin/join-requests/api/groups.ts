import {
  API,
  collegeGroupsAnswer,
  groupMessageAnswer,
  pendingMembersAnswer,
} from '@alumnet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** POST /api/groups/alumgroups/user/all {collegeId}: the college's groups with pending counts. */
export const collegeGroupsQuery = (collegeId: string) =>
  queryOptions({
    queryKey: ['admin', 'groups', collegeId],
    queryFn: () => api.post(API.community.collegeGroups, collegeGroupsAnswer, { collegeId }),
    enabled: Boolean(collegeId),
  });

/** GET /api/groups/pending/{groupId}. */
export const pendingMembersQuery = (groupId: string) =>
  queryOptions({
    queryKey: ['admin', 'groups', 'pending', groupId],
    queryFn: () => api.get(API.community.pending(groupId), pendingMembersAnswer),
  });

export const decideRequest = (action: 'approve' | 'reject', groupId: string, memberId: string) =>
  api.post(
    action === 'approve' ? API.community.approve : API.community.reject,
    groupMessageAnswer,
    { groupId, memberId },
  );
