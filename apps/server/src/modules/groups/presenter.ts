import type {
  GroupDetail,
  GroupRule,
  GroupRuleField,
  ManagedGroupRow,
  MemberGroupStatus,
} from '@alumnet/contract';
import type { GroupAccess, GroupRow } from './access';

export function presentRule(group: Pick<GroupRow, 'ruleField' | 'ruleValue'>): GroupRule | null {
  return group.ruleField && group.ruleValue
    ? { field: group.ruleField as GroupRuleField, value: group.ruleValue }
    : null;
}

/** Where the caller stands, in the spec's words: a member who left stands outside. */
function statusOf(access: GroupAccess): MemberGroupStatus {
  return access.status === null || access.status === 'left' ? 'none' : access.status;
}

interface GroupFacts {
  memberCount: number;
  ruleLabel: string | null;
}

/** What the group page and /dashboard/groups both show of a group. */
const presentSummary = (group: GroupRow, facts: GroupFacts) => ({
  id: group.id,
  name: group.groupName,
  description: group.description,
  coverPicture: group.coverPicture,
  kind: group.kind,
  rule: presentRule(group),
  ruleLabel: facts.ruleLabel,
  memberCount: facts.memberCount,
  archived: group.archivedAt !== null,
});

/** GET /api/groups/{id}: the group as the caller sees it. */
export function presentGroup(
  access: GroupAccess,
  facts: GroupFacts,
  inviteToken: string | null,
): GroupDetail {
  const { group } = access;
  return {
    ...presentSummary(group, facts),
    myStatus: statusOf(access),
    myRole: access.role,
    mayModerate: access.mayModerate,
    pinnedPostId: group.pinnedPostId,
    invitePath: inviteToken ? invitePathOf(group.id, inviteToken) : null,
  };
}

export const invitePathOf = (groupId: string, token: string) =>
  `/groups/${groupId}?invite=${encodeURIComponent(token)}`;

/** A row of /dashboard/groups. */
export function presentManagedGroup(
  row: GroupFacts & {
    group: GroupRow;
    pendingCount: number;
    organisers: { _id: string; fullName: string }[];
  },
): ManagedGroupRow {
  return {
    ...presentSummary(row.group, row),
    pendingCount: row.pendingCount,
    organisers: row.organisers,
  };
}
