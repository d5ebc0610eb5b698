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

/** GET /api/groups/{id}: the group as the caller sees it. */
export function presentGroup(
  access: GroupAccess,
  facts: { memberCount: number; ruleLabel: string | null },
  inviteToken: string | null,
): GroupDetail {
  const { group } = access;
  return {
    id: group.id,
    name: group.groupName,
    description: group.description,
    coverPicture: group.coverPicture,
    kind: group.kind,
    rule: presentRule(group),
    ruleLabel: facts.ruleLabel,
    memberCount: facts.memberCount,
    myStatus: statusOf(access),
    myRole: access.role,
    mayModerate: access.mayModerate,
    archived: group.archivedAt !== null,
    pinnedPostId: group.pinnedPostId,
    invitePath: inviteToken ? invitePathOf(group.id, inviteToken) : null,
  };
}

export const invitePathOf = (groupId: string, token: string) =>
  `/groups/${groupId}?invite=${encodeURIComponent(token)}`;

/** A row of /dashboard/groups. */
export function presentManagedGroup(row: {
  group: GroupRow;
  memberCount: number;
  pendingCount: number;
  ruleLabel: string | null;
  organisers: { _id: string; fullName: string }[];
}): ManagedGroupRow {
  const { group } = row;
  return {
    id: group.id,
    name: group.groupName,
    description: group.description,
    coverPicture: group.coverPicture,
    kind: group.kind,
    rule: presentRule(group),
    ruleLabel: row.ruleLabel,
    memberCount: row.memberCount,
    pendingCount: row.pendingCount,
    archived: group.archivedAt !== null,
    organisers: row.organisers,
  };
}
