import type { ProgrammeAnswer } from '@alumnet/contract';
import { Group, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { daysLabel, hoursLabel, NONE, rateLabel, ratingLabel } from '../utils/format';

type Row = ProgrammeAnswer['byBatch'][number];
type By = 'batch' | 'branch';

const COLUMNS: { label: string; value: (row: Row) => string | number }[] = [
  { label: 'Mentors', value: (r) => r.mentors },
  { label: 'Taking requests', value: (r) => r.takingRequests },
  { label: 'At capacity', value: (r) => r.atCapacity },
  { label: 'Open requests', value: (r) => r.openRequests },
  {
    label: 'Oldest open',
    value: (r) => (r.oldestOpenDays === null ? NONE : daysLabel(r.oldestOpenDays)),
  },
  { label: 'Time to answer', value: (r) => hoursLabel(r.medianHoursToAnswer) },
  { label: 'Acceptance', value: (r) => rateLabel(r.acceptanceRate) },
  { label: 'Active', value: (r) => r.activeMentorships },
  { label: 'Ended', value: (r) => r.endedMentorships },
  { label: 'Rating', value: (r) => ratingLabel(r.averageRating) },
];

/** The same figures for each batch or each branch of the college. */
export function Breakdown({ byBatch, byBranch }: { byBatch: Row[]; byBranch: Row[] }) {
  const [by, setBy] = useState<By>('batch');
  const rows = by === 'batch' ? byBatch : byBranch;
  const caption = by === 'batch' ? 'By batch' : 'By branch';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mentoring-by">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id="mentoring-by">
          {caption}
        </Title>
        <SegmentedControl
          aria-label="Figures by"
          size="xs"
          value={by}
          onChange={(value) => setBy(value as By)}
          data={[
            { value: 'batch', label: 'Batch' },
            { value: 'branch', label: 'Branch' },
          ]}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">No mentors or mentees yet.</Text>
      ) : (
        <Table.ScrollContainer
          minWidth={900}
          // The table scrolls sideways on a phone and holds nothing focusable: give it a stop.
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption },
          }}
        >
          <Table striped verticalSpacing="xs" aria-label={caption}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{by === 'batch' ? 'Batch' : 'Branch'}</Table.Th>
                {COLUMNS.map((c) => (
                  <Table.Th key={c.label} ta="right">
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.name}>
                  <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {row.name}
                  </Table.Td>
                  {COLUMNS.map((c) => (
                    <Table.Td key={c.label} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {c.value(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
