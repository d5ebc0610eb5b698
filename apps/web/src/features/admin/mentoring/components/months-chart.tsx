import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { ProgrammeAnswer } from '@alumnet/contract';
import { Paper, Text, Title } from '@mantine/core';
import { monthLabel } from '../utils/format';

const SERIES = [
  { name: 'requests', label: 'Requests', color: 'blue.6' },
  { name: 'accepted', label: 'Accepted', color: 'teal.6' },
  { name: 'ended', label: 'Ended', color: 'gray.5' },
];

/** The last 12 months, oldest first: requests made, accepted, and mentorships ended. */
export function MonthsChart({ months }: { months: ProgrammeAnswer['months'] }) {
  const quiet = months.every((m) => m.requests + m.accepted + m.ended === 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mentoring-months">
      <Title order={2} size="h4" id="mentoring-months" mb="sm">
        The last 12 months
      </Title>
      {quiet ? (
        <Text c="dimmed">No requests in the last 12 months.</Text>
      ) : (
        <BarChart
          h={280}
          data={months.map((m) => ({ ...m, month: monthLabel(m.month) }))}
          dataKey="month"
          withLegend
          // In the series' order (requests, then what came of them), not alphabetical.
          legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
          series={SERIES}
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
          aria-label="Requests, accepted requests and ended mentorships by month"
        />
      )}
    </Paper>
  );
}
