import { ANALYTICS_MESSAGES } from '@alumnet/contract';
import { Center, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PrevNextPager } from '../../shared/components/prev-next-pager';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { adminNotify } from '../../shared/notify';
import { newDataQuery } from '../api/new-data';
import { orNA } from '../utils/cells';

/**
 * admin-area.md §2 "New Data tab" (Pending Requests Dashboard): the degree, batch and branch
 * names members asked for that the college has not set up yet.
 */
export function NewDataTab() {
  const admin = useAdminCollege();
  const [pickedCollege, setPickedCollege] = useState<string | null>(null);
  const collegeId = admin.isSuperAdmin ? (pickedCollege ?? '') : admin.collegeId;
  const [page, setPage] = useState(1);
  const pending = useQuery(newDataQuery(collegeId, page));

  useEffect(() => {
    if (admin.error) adminNotify.error(ANALYTICS_MESSAGES.failedCollegesPending);
  }, [admin.error]);
  useEffect(() => {
    if (pending.isError) adminNotify.error(ANALYTICS_MESSAGES.failedPendingData);
  }, [pending.isError]);

  const rows = pending.data?.data ?? [];
  const totalPages = pending.data?.pagination.totalPages ?? 1;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Pending Requests">
      <Stack gap="md">
        <Title order={2} size="h4">
          Pending Requests Dashboard
        </Title>
        {admin.isSuperAdmin && (
          <Select
            label="College"
            placeholder="Select a college"
            data={admin.colleges.map((c) => ({ value: c._id, label: c.name }))}
            value={pickedCollege}
            onChange={(value) => {
              setPickedCollege(value);
              setPage(1);
            }}
            searchable
            w={{ base: '100%', xs: 360 }}
          />
        )}
        {!collegeId ? (
          <Text c="dimmed" ta="center" py="lg">
            Select a college to see its pending requests.
          </Text>
        ) : pending.isPending ? (
          <Center py="lg">
            <Loader aria-label="Loading" />
          </Center>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {ANALYTICS_MESSAGES.noPendingRequests}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={360}>
              <Table striped withTableBorder aria-label="Pending new data">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Degree</Table.Th>
                    <Table.Th>Batch</Table.Th>
                    <Table.Th>Branch</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, index) => (
                    <Table.Tr key={`${page}-${index}`}>
                      <Table.Td>{orNA(row.degree)}</Table.Td>
                      <Table.Td>{orNA(row.batch)}</Table.Td>
                      <Table.Td>{orNA(row.branch)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PrevNextPager page={page} totalPages={totalPages} onChange={setPage} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
