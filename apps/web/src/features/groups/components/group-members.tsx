import {
  GROUP_MEMBERS_PAGE_SIZE,
  type GroupDetail,
  type GroupMember,
  type SignedInUser,
} from '@alumnet/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserMinus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AuthorAvatar, classOf } from '../../../components/author-avatar';
import { MemberCardModal, type MemberCard } from '../../../components/member-card-modal';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { groupMembersQuery, groupKeys, useRemoveMember } from '../api/groups';
import { AddMember } from './add-member';
import type { GroupRights } from './group-rights';
import { JoinToSee, isRefused } from './join-to-see';

/** The group's members: searchable, paged, organisers marked; a row opens the member's card. */
export function GroupMembers({
  group,
  user,
  rights,
}: {
  group: GroupDetail;
  user: SignedInUser;
  rights: GroupRights;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<MemberCard | null>(null);
  const query = useQuery({
    ...groupMembersQuery(group.id, debounced, page),
    enabled: rights.maySeeMembers,
  });
  const queryClient = useQueryClient();
  const remove = useRemoveMember(group.id);

  if (!rights.maySeeMembers) return <JoinToSee what="its members" />;
  if (query.isError && isRefused(query.error)) return <JoinToSee what="its members" />;

  const members = query.data?.members ?? [];
  const total = query.data?.totalResults ?? 0;
  const pages = Math.max(1, Math.ceil(total / GROUP_MEMBERS_PAGE_SIZE));
  const refresh = () => queryClient.invalidateQueries({ queryKey: groupKeys.members(group.id) });

  const removeMember = (member: GroupMember) =>
    remove.mutate(member._id, {
      onSuccess: () => {
        notify.success(`${member.fullName} was removed from the group.`);
        return refresh();
      },
      onError: (error) =>
        notify.error(
          error instanceof ApiRequestError && error.status > 0
            ? error.message
            : 'Could not remove the member.',
        ),
    });

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput
          aria-label="Search members"
          name="search"
          placeholder="Search members by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px' }}
        />
        {group.mayModerate && !group.archived && (
          <AddMember groupId={group.id} userId={user._id} onAdded={refresh} />
        )}
      </Group>
      {query.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading members" />
        </Center>
      ) : query.isError ? (
        <Text c="red" size="sm">
          The members could not be loaded.
        </Text>
      ) : members.length === 0 ? (
        <Text c="dimmed" size="sm">
          {debounced ? 'Nobody in this group by that name.' : 'No members yet.'}
        </Text>
      ) : (
        <Card withBorder radius="lg" padding={0}>
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {members.map((member) => (
              <Group
                key={member._id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                px="md"
                py="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <UnstyledButton
                  onClick={() => setShown(member)}
                  aria-label={`Show ${member.fullName}`}
                  miw={0}
                  style={{ flex: 1 }}
                >
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <AuthorAvatar author={member} size={40} />
                    <Box miw={0}>
                      <Group gap={6} wrap="nowrap">
                        <Text fw={600} truncate>
                          {member.fullName}
                        </Text>
                        {member.role === 'organiser' && (
                          <Badge size="xs" variant="light" color="orange">
                            Organiser
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" truncate>
                        {[classOf(member), member.companyName].filter(Boolean).join(' · ')}
                      </Text>
                    </Box>
                  </Group>
                </UnstyledButton>
                {group.mayModerate &&
                  member._id !== user._id &&
                  // Only the college's admins take an organiser out (the server says the same).
                  (member.role !== 'organiser' || user.userType === 'a' || user.isSuperAdmin) && (
                    <Tooltip label="Remove from the group" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${member.fullName}`}
                        loading={remove.isPending && remove.variables === member._id}
                        onClick={() => removeMember(member)}
                      >
                        <IconUserMinus size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      {pages > 1 && (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Center>
      )}
      <MemberCardModal member={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
