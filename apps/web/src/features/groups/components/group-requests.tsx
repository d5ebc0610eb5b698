import type { GroupDetail } from '@alumnet/contract';
import { Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { groupKeys, pendingRequestsQuery, useDecideRequest } from '../api/groups';

/** Organisers of a group by request: who asks to join, to approve or reject. */
export function GroupRequests({ group }: { group: GroupDetail }) {
  const query = useQuery(pendingRequestsQuery(group.id));
  const decide = useDecideRequest(group.id);
  const queryClient = useQueryClient();
  const requests = query.data?.pendingMembers ?? [];

  if (query.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading requests" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Text c="red" size="sm">
        {query.error instanceof ApiRequestError && query.error.status > 0
          ? query.error.message
          : 'The requests could not be loaded.'}
      </Text>
    );
  }
  if (requests.length === 0) return <Text c="dimmed">No requests are waiting.</Text>;

  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {requests.map((member) => {
          const busy = decide.isPending && decide.variables?.memberId === member._id;
          const answer = (approve: boolean) =>
            decide.mutate(
              { memberId: member._id, approve },
              {
                onSuccess: ({ message }) => {
                  notify.success(message);
                  return Promise.all([
                    queryClient.invalidateQueries({ queryKey: groupKeys.pending(group.id) }),
                    queryClient.invalidateQueries({ queryKey: groupKeys.members(group.id) }),
                  ]);
                },
                onError: (error) =>
                  notify.error(
                    error instanceof ApiRequestError && error.status > 0
                      ? error.message
                      : 'That did not work. Please try again.',
                  ),
              },
            );
          return (
            <Group
              key={member._id}
              component="li"
              justify="space-between"
              px="md"
              py="sm"
              gap="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text fw={500}>{member.fullName}</Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  color="green"
                  disabled={busy}
                  onClick={() => answer(true)}
                  aria-label={`Approve ${member.fullName}`}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy}
                  onClick={() => answer(false)}
                  aria-label={`Reject ${member.fullName}`}
                >
                  Reject
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
