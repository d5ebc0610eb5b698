import type { GroupDetail, GroupKind, MemberGroupStatus } from '@alumnet/contract';

export const KIND_LABELS: Record<GroupKind, string> = {
  open: 'Open',
  request: 'By request',
  hidden: 'Hidden',
  automatic: 'Automatic',
};

export const KIND_COLORS: Record<GroupKind, string> = {
  open: 'teal',
  request: 'blue',
  hidden: 'grape',
  automatic: 'orange',
};

/**
 * What a member may do about a group: join an open one (or a hidden one by its link), ask to
 * join one by request, wait, or nothing (automatic groups fill by the profile).
 */
export type GroupAction = 'join' | 'request' | 'pending' | 'member' | 'automatic';

export function groupAction(kind: GroupKind, status: MemberGroupStatus): GroupAction {
  if (status === 'approved') return 'member';
  if (status === 'pending') return 'pending';
  if (kind === 'automatic') return 'automatic';
  return kind === 'request' ? 'request' : 'join';
}

export const memberCount = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** Who an automatic group holds, in words: "Everyone whose city is Bengaluru". */
export const ruleSentence = (group: Pick<GroupDetail, 'rule' | 'ruleLabel'>) =>
  group.rule && `Everyone whose ${group.rule.field} is ${group.ruleLabel ?? group.rule.value}`;
