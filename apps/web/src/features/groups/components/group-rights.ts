import type { GroupDetail } from '@alumnet/contract';

/** What the caller may see and do, as the server's access rule (groups/access.ts) answers it. */
export function groupRights(group: GroupDetail) {
  const isMember = group.myStatus === 'approved';
  const runs = group.mayModerate;
  return {
    isMember,
    maySeePosts: isMember || runs || (group.kind === 'open' && !group.archived),
    mayPost: (isMember || runs) && !group.archived,
    maySeeMembers: isMember || runs || group.kind !== 'hidden',
    mayChat: isMember || runs,
  };
}

export type GroupRights = ReturnType<typeof groupRights>;
