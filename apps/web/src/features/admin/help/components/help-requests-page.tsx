import {
  COMMUNITY_MESSAGES,
  type FetchHelpRequestsAnswer,
  type HelpRequestRow,
} from '@alumnet/contract';
import { Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { paths } from '../../../../config/paths';
import { formatDateTime } from '../../../../lib/format-date';
import { adminNotify } from '../../shared/notify';
import { PageHeader } from '../../shared/components/page-header';
import { PrevNextPager } from '../../shared/components/prev-next-pager';
import { SuperAdminOnly } from '../../shared/components/super-admin-only';
import { helpRequestsQuery, updateHelpStatus } from '../api/help-requests';

/** `/dashboard/need-help`: Need Help Requests (admin-area.md §3), super admins only. */
export function HelpRequestsPage() {
  return (
    <SuperAdminOnly>
      <HelpRequests />
    </SuperAdminOnly>
  );
}

function HelpRequests() {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const requests = useQuery(helpRequestsQuery(page));
  useEffect(() => {
    if (requests.isError) adminNotify.failure(COMMUNITY_MESSAGES.helpFetchFailed, requests.error);
  }, [requests.isError, requests.error]);

  const toggle = useMutation({
    mutationFn: (row: HelpRequestRow) =>
      updateHelpStatus(row._id, row.status === 'pending' ? 'closed' : 'pending'),
    onSuccess: ({ message, helpRequest }) => {
      queryClient.setQueryData<FetchHelpRequestsAnswer>(
        helpRequestsQuery(page).queryKey,
        (old) =>
          old && {
            ...old,
            helpRequests: old.helpRequests.map((r) =>
              r._id === helpRequest._id ? helpRequest : r,
            ),
          },
      );
      adminNotify.success(message);
    },
    onError: (error) => adminNotify.failure(COMMUNITY_MESSAGES.helpStatusFailed, error),
  });

  const data = requests.data;
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <PageHeader back={paths.home} title="Need Help Requests">
        {data && <Text fw={500}>Total Requests: {data.totalRequests}</Text>}
      </PageHeader>
      {!data ? (
        requests.isPending ? (
          <Center py="xl">
            <Group gap="xs">
              <Loader size="sm" />
              <Text>{COMMUNITY_MESSAGES.helpLoading}</Text>
            </Group>
          </Center>
        ) : null
      ) : (
        <>
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Created At</Table.Th>
                    <Table.Th>Full Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Phone</Table.Th>
                    <Table.Th>Query</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.helpRequests.map((row) => (
                    <Table.Tr key={row._id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.createdAt)}
                      </Table.Td>
                      <Table.Td>{row.fullName}</Table.Td>
                      <Table.Td>{row.email}</Table.Td>
                      <Table.Td>{row.phone || 'N/A'}</Table.Td>
                      <Table.Td maw={360}>{row.query}</Table.Td>
                      <Table.Td>
                        <Badge color={row.status === 'pending' ? 'yellow' : 'gray'} variant="light">
                          {row.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant={row.status === 'pending' ? 'filled' : 'default'}
                          color={row.status === 'pending' ? 'red' : undefined}
                          loading={toggle.isPending && toggle.variables?._id === row._id}
                          onClick={() => toggle.mutate(row)}
                        >
                          {row.status === 'pending' ? 'Close' : 'Reopen'}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <PrevNextPager page={page} totalPages={data.totalPages} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
