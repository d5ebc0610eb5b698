import type { ManagedGroupRow } from '@alumnet/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconArchive, IconEdit, IconPlus, IconRestore, IconUserStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../../config/paths';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { PageHeader } from '../../shared/components/page-header';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { adminNotify } from '../../shared/notify';
import { manageGroupsQuery, useSaveGroup } from '../api/groups';
import { GroupFormModal } from './group-form-modal';
import { OrganisersModal } from './organisers-modal';
import { KIND_LABELS, RULE_FIELD_LABELS } from './labels';

/** `/dashboard/groups` (issue 27): a college's groups, made, edited, archived and staffed here. */
export function ManageGroupsPage() {
  return (
    <AdminOnly>
      <ManageGroups />
    </AdminOnly>
  );
}

type Editing = { group: ManagedGroupRow | null } | null;

function ManageGroups() {
  const { collegeId } = useAdminCollege();
  const groups = useQuery(manageGroupsQuery(collegeId));
  const save = useSaveGroup(collegeId);
  const [editing, setEditing] = useState<Editing>(null);
  const [staffing, setStaffing] = useState<ManagedGroupRow | null>(null);
  const list = groups.data?.groups ?? [];

  const archive = (group: ManagedGroupRow) =>
    save.mutate(
      {
        id: group.id,
        body: {
          name: group.name,
          description: group.description,
          kind: group.kind,
          rule: group.rule,
          coverPicture: group.coverPicture,
          archived: !group.archived,
        },
      },
      {
        onSuccess: () =>
          adminNotify.success(
            group.archived ? `${group.name} is restored.` : `${group.name} is archived.`,
          ),
        onError: (error) => adminNotify.failure('Could not save the group.', error),
      },
    );

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <PageHeader
        back={paths.dashboard}
        title="Groups"
        description="Chapters, classes and clubs: who may join, how, and who runs them."
      >
        <Group gap="sm">
          <CollegeSelect />
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ group: null })}
            disabled={!collegeId}
          >
            Create group
          </Button>
        </Group>
      </PageHeader>
      {groups.isError && (
        <Alert color="red">The groups could not be loaded. Please try again.</Alert>
      )}
      {groups.isLoading ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading groups" />
        </Center>
      ) : groups.isSuccess && list.length === 0 ? (
        <Text c="dimmed">This college has no groups yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.map((group) => (
            <Card
              key={group.id}
              withBorder
              radius="md"
              data-group-id={group.id}
              style={group.archived ? { opacity: 0.7 } : undefined}
            >
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {group.name}
                  </Text>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Badge variant="light">{KIND_LABELS[group.kind]}</Badge>
                    {group.archived && (
                      <Badge variant="light" color="gray">
                        Archived
                      </Badge>
                    )}
                  </Group>
                </Group>
                {group.rule && (
                  <Text size="sm">
                    Rule: {RULE_FIELD_LABELS[group.rule.field]} is{' '}
                    <Text span fw={500}>
                      {group.ruleLabel ?? group.rule.value}
                    </Text>
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
                  {group.pendingCount > 0 && ` · ${group.pendingCount} waiting`}
                </Text>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  Organisers:{' '}
                  {group.organisers.length
                    ? group.organisers.map((o) => o.fullName).join(', ')
                    : 'none yet'}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconEdit size={14} />}
                    onClick={() => setEditing({ group })}
                    aria-label={`Edit ${group.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconUserStar size={14} />}
                    onClick={() => setStaffing(group)}
                    aria-label={`Organisers of ${group.name}`}
                  >
                    Organisers
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={
                      group.archived ? <IconRestore size={14} /> : <IconArchive size={14} />
                    }
                    loading={save.isPending && save.variables?.id === group.id}
                    onClick={() => archive(group)}
                    aria-label={`${group.archived ? 'Restore' : 'Archive'} ${group.name}`}
                  >
                    {group.archived ? 'Restore' : 'Archive'}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {editing && (
        <GroupFormModal
          group={editing.group}
          collegeId={collegeId}
          onClose={() => setEditing(null)}
        />
      )}
      {staffing && (
        <OrganisersModal group={staffing} collegeId={collegeId} onClose={() => setStaffing(null)} />
      )}
    </Stack>
  );
}
