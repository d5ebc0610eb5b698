import { COMMUNITY_MESSAGES } from '@alumnet/contract';
import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { PageHeader } from '../../shared/components/page-header';
import { SuperAdminOnly } from '../../shared/components/super-admin-only';
import { decideRequest, pendingMembersQuery } from '../api/groups';

/** `/pending-requests/{groupId}`: approve or reject the members waiting for a group. */
export function PendingRequestsPage() {
  return (
    <SuperAdminOnly>
      <PendingRequests />
    </SuperAdminOnly>
  );
}

function PendingRequests() {
  const groupId = useParams().groupId ?? '';
  const pending = useQuery(pendingMembersQuery(groupId));
  const [failure, setFailure] = useState('');
  const decide = useMutation({
    mutationFn: ({ action, memberId }: { action: 'approve' | 'reject'; memberId: string }) =>
      decideRequest(action, groupId, memberId),
    onMutate: () => setFailure(''),
    onSuccess: () => pending.refetch(),
    onError: (_error, { action }) =>
      setFailure(
        action === 'approve' ? COMMUNITY_MESSAGES.approveFailed : COMMUNITY_MESSAGES.rejectFailed,
      ),
  });
  const members = pending.data?.pendingMembers ?? [];

  return (
    <Stack gap="md" maw={800} mx="auto">
      <PageHeader
        back={paths.joinRequest}
        backLabel="Back to Groups"
        title={pending.data ? `Pending Requests – ${pending.data.groupName}` : 'Pending Requests'}
      />
      {pending.isError && <Text c="red">{COMMUNITY_MESSAGES.pendingFetchFailed}</Text>}
      {failure && <Text c="red">{failure}</Text>}
      {pending.isLoading ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : pending.isSuccess && members.length === 0 ? (
        <Text c="dimmed">{COMMUNITY_MESSAGES.noPending}</Text>
      ) : (
        <Stack gap="xs">
          {members.map((member) => {
            const busy = decide.isPending && decide.variables?.memberId === member._id;
            return (
              <Paper key={member._id} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={500}>{member.fullName}</Text>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      color="green"
                      loading={busy && decide.variables?.action === 'approve'}
                      disabled={busy}
                      onClick={() => decide.mutate({ action: 'approve', memberId: member._id })}
                    >
                      Approve
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={busy && decide.variables?.action === 'reject'}
                      disabled={busy}
                      onClick={() => decide.mutate({ action: 'reject', memberId: member._id })}
                    >
                      Reject
                    </Button>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
