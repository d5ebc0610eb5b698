import { API, groupMessageAnswer, myGroupsAnswer } from '@alumnet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/groups/mine: the member's college groups and where the member stands in each. */
export const myGroupsQuery = queryOptions({
  queryKey: ['groups', 'mine'],
  queryFn: () => api.get(API.community.myGroups, myGroupsAnswer),
});

/** POST /api/groups/join {groupId}: ask to join; a super admin approves. */
export const joinGroup = (groupId: string) =>
  api.post(API.community.join, groupMessageAnswer, { groupId });
