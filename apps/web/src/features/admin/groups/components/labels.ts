import type { GroupKind, GroupRuleField } from '@alumnet/contract';

export const KIND_LABELS: Record<GroupKind, string> = {
  open: 'Open',
  request: 'By request',
  hidden: 'Hidden',
  automatic: 'Automatic',
};

export const KIND_DESCRIPTIONS: Record<GroupKind, string> = {
  open: 'Members join at once.',
  request: 'Members ask; an organiser or admin approves.',
  hidden: 'Not listed; members are added or join with the invitation link.',
  automatic: 'Members follow a rule on their profile.',
};

export const RULE_FIELD_LABELS: Record<GroupRuleField, string> = {
  batch: 'Batch',
  branch: 'Branch',
  degree: 'Degree',
  country: 'Country',
  city: 'City',
  company: 'Company',
};
