import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { COMMUNITY_MESSAGES } from '@alumnet/contract';
import { Alert, Center, Loader, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../../config/paths';
import { PageHeader } from '../../shared/components/page-header';
import { SuperAdminOnly } from '../../shared/components/super-admin-only';
import { jobsCountQuery } from '../api/jobs-count';
import { ACTIVITY_SERIES, dayLabel, pickCollege, totals } from '../utils/activity';

/** `/dashboard/job-count`: Jobs and Activity Count for Last 30 Days (admin-area.md §3). */
export function JobCountPage() {
  return (
    <SuperAdminOnly>
      <JobCount />
    </SuperAdminOnly>
  );
}

function JobCount() {
  const counts = useQuery(jobsCountQuery);
  const [collegeId, setCollegeId] = useState<string | null>(null);
  const entries = counts.data ?? [];
  const college = pickCollege(entries, collegeId);
  const days = college?.data ?? [];
  const sum = totals(days);

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <PageHeader back={paths.home} title="Jobs and Activity Count for Last 30 Days">
        <Select
          aria-label="College"
          placeholder="Select a college"
          data={entries.map((e) => ({ value: e.collegeId, label: e.collegeName }))}
          value={college?.collegeId ?? null}
          onChange={setCollegeId}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 320 }}
        />
      </PageHeader>
      {counts.isError ? (
        <Alert color="red">{COMMUNITY_MESSAGES.jobCountFailed}</Alert>
      ) : counts.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <BarChart
              h={320}
              data={days.map((d) => ({ ...d, date: dayLabel(d.date) }))}
              dataKey="date"
              type="stacked"
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              series={ACTIVITY_SERIES.map(({ name, label, color }) => ({ name, label, color }))}
              tickLine="y"
              xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            />
          </Paper>
          <Paper withBorder radius="md">
            <Table.ScrollContainer
              minWidth={720}
              maxHeight={520}
              // The table scrolls and holds nothing focusable: the keyboard needs a stop on it.
              scrollAreaProps={{
                viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Activity by day' },
              }}
            >
              <Table striped stickyHeader verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    {ACTIVITY_SERIES.map((s) => (
                      <Table.Th key={s.name} ta="right">
                        {s.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...days].reverse().map((d) => (
                    <Table.Tr key={d.date}>
                      <Table.Td>{dayLabel(d.date)}</Table.Td>
                      {ACTIVITY_SERIES.map((s) => (
                        <Table.Td key={s.name} ta="right">
                          {d[s.name]}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    {ACTIVITY_SERIES.map((s) => (
                      <Table.Th key={s.name} ta="right">
                        {sum[s.name]}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {entries.length === 0 && <Text c="dimmed">No colleges yet.</Text>}
        </>
      )}
    </Stack>
  );
}
