import type { HostState } from '@alumnet/contract';
import { Table } from '@mantine/core';

/** The top of the ranking as the server computed it. */
export function LeaderboardTable({ top, caption }: { top: HostState['top']; caption: string }) {
  return (
    <Table verticalSpacing="xs" striped aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={60}>Rank</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th ta="right">Score</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {top.map((entry) => (
          <Table.Tr key={`${entry.rank}-${entry.name}`}>
            <Table.Td>{entry.rank}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.name}</Table.Td>
            <Table.Td ta="right">{entry.score}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
