import '@mantine/charts/styles.css';
import { PieChart } from '@mantine/charts';
import { PIE_OUTER_RADIUS, type DistributionItem } from '@alumnet/contract';
import { Paper, Text } from '@mantine/core';
import { percentage, pieCells } from '../utils/chart';

interface TooltipEntry {
  name?: string | number;
  value?: number | string;
}

/** admin-area.md §2: the tooltip gives the label, the Users count and the Percentage. */
function SliceTooltip({ entry, total }: { entry: TooltipEntry | undefined; total: number }) {
  if (!entry) return null;
  const value = Number(entry.value ?? 0);
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="sm" fw={600}>
        {String(entry.name)}
      </Text>
      <Text size="sm">Users: {value}</Text>
      <Text size="sm">Percentage: {percentage(value, total)}%</Text>
    </Paper>
  );
}

/** The distribution as a pie of outer radius 150 (300 px across), with its legend. */
export function DistributionPie({
  distribution,
  totalUsers,
}: {
  distribution: DistributionItem[];
  totalUsers: number;
}) {
  return (
    <PieChart
      data={pieCells(distribution)}
      size={PIE_OUTER_RADIUS * 2}
      withTooltip
      tooltipDataSource="segment"
      withLegend
      strokeWidth={1}
      w="100%"
      h={PIE_OUTER_RADIUS * 2 + 170}
      aria-label="Distribution chart"
      tooltipProps={{
        content: ({ payload }) => (
          <SliceTooltip entry={payload?.[0] as TooltipEntry | undefined} total={totalUsers} />
        ),
      }}
    />
  );
}
