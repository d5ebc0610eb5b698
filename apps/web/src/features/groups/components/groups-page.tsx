import type { MemberGroupRow } from '@alumnet/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MemberLayout } from '../../../components/member-layout';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { joinGroup, myGroupsQuery } from '../api/groups';

/** `/groups`: the groups of the member's college; ask to join, see pending or approved. */
export function GroupsPage() {
  return (
    <MemberLayout>
      <Groups />
    </MemberLayout>
  );
}

const STATUS_BADGE: Record<Exclude<MemberGroupRow['status'], 'none'>, [string, string]> = {
  pending: ['Request pending', 'yellow'],
  approved: ['Member', 'green'],
  rejected: ['Not approved', 'gray'],
};

function Groups() {
  const queryClient = useQueryClient();
  const groups = useQuery(myGroupsQuery);
  const join = useMutation({
    mutationFn: joinGroup,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: myGroupsQuery.queryKey });
    },
    onError: (error) =>
      notify.error(
        error instanceof ApiRequestError ? error.message : 'Could not send the request.',
      ),
  });
  const list = groups.data?.groups ?? [];

  return (
    <Stack gap="md" maw={1000} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Groups
        </Title>
        <Text c="dimmed" size="sm">
          Groups of your college. Ask to join; an administrator approves your request.
        </Text>
      </Stack>
      {groups.isError && <Alert color="red">Could not load the groups. Please try again.</Alert>}
      {groups.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={140} />
          <Skeleton h={140} />
        </SimpleGrid>
      ) : groups.isSuccess && list.length === 0 ? (
        <Text c="dimmed">Your college has no groups yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {list.map((group) => {
            const badge = group.status === 'none' ? null : STATUS_BADGE[group.status];
            const canJoin = group.status === 'none' || group.status === 'rejected';
            return (
              <Card key={group.groupId} withBorder radius="md" padding="md">
                <Stack gap="xs" h="100%">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Group gap="xs" wrap="nowrap">
                      <IconUsersGroup size={22} />
                      <Text fw={600}>{group.groupName}</Text>
                    </Group>
                    {badge && (
                      <Badge color={badge[1]} variant="light">
                        {badge[0]}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                    {group.description}
                  </Text>
                  <Group justify="space-between">
                    <Text size="xs" c="dimmed">
                      {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
                    </Text>
                    {canJoin && (
                      <Button
                        size="xs"
                        loading={join.isPending && join.variables === group.groupId}
                        onClick={() => join.mutate(group.groupId)}
                        aria-label={`Join ${group.groupName}`}
                      >
                        Join
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
