import type { EventAudienceLevel } from '@alumnet/contract';
import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { collegeGroupsQuery, organisedGroupsQuery, structureQuery } from '../api/events';

const LEVEL_LABELS: Record<EventAudienceLevel, string> = {
  college: 'The whole college',
  batch: 'A batch',
  branch: 'A branch',
  group: 'A group',
};

/**
 * Who an event is for: the college, one of its batches or branches, or a group. An admin picks
 * among the college's; a group's organiser, among the groups they run.
 */
export function AudienceFields({
  admin,
  collegeId,
  level,
  id,
  onChange,
  error,
}: {
  admin: boolean;
  collegeId: string;
  level: EventAudienceLevel;
  id: string | null;
  onChange: (level: EventAudienceLevel, id: string | null) => void;
  error?: string | null;
}) {
  const batches = useQuery(structureQuery('batches', collegeId, admin && level === 'batch'));
  const branches = useQuery(structureQuery('branches', collegeId, admin && level === 'branch'));
  const collegeGroups = useQuery(collegeGroupsQuery(collegeId, admin && level === 'group'));
  const organised = useQuery(organisedGroupsQuery(!admin));
  const levels: EventAudienceLevel[] = admin ? ['college', 'batch', 'branch', 'group'] : ['group'];

  const options =
    level === 'batch'
      ? (batches.data ?? []).map((b) => ({ value: b._id, label: b.name }))
      : level === 'branch'
        ? (branches.data ?? []).map((b) => ({ value: b._id, label: b.name }))
        : level === 'group'
          ? admin
            ? (collegeGroups.data?.groups ?? [])
                .filter((g) => !g.archived || g.id === id)
                .map((g) => ({ value: g.id, label: g.name }))
            : (organised.data ?? []).map((g) => ({ value: g.groupId, label: g.groupName }))
          : [];
  const loading =
    batches.isFetching || branches.isFetching || collegeGroups.isFetching || organised.isFetching;

  return (
    <Group grow align="flex-start" wrap="wrap" gap="sm">
      <Select
        label="For"
        name="audienceLevel"
        data={levels.map((value) => ({ value, label: LEVEL_LABELS[value] }))}
        value={level}
        onChange={(next) => next && onChange(next as EventAudienceLevel, null)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        miw={180}
      />
      {level !== 'college' && (
        <Select
          label={level === 'batch' ? 'Batch' : level === 'branch' ? 'Branch' : 'Group'}
          name="audienceId"
          placeholder={loading ? 'Loading…' : 'Choose one'}
          data={options}
          value={id}
          onChange={(next) => onChange(level, next)}
          searchable
          nothingFoundMessage="Nothing by that name"
          comboboxProps={{ withinPortal: true }}
          error={error}
          miw={180}
        />
      )}
    </Group>
  );
}
