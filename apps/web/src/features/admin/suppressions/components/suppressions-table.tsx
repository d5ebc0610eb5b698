import type { Suppression } from '@alumnet/contract';
import { Button, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../../lib/format-date';
import { ReasonBadge } from './reason-badge';

const COLUMNS = ['Address', 'Reason', 'Source', 'Detail', 'Date', 'Lift'] as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

export interface SuppressionsViewProps {
  suppressions: Suppression[];
  onLift: (suppression: Suppression) => void;
}

/** Wider screens: one row per suppressed address, newest first as the server sends them. */
export function SuppressionsTable({ suppressions, onLift }: SuppressionsViewProps) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Suppressed addresses">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} style={nowrap}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {suppressions.map((entry) => (
            <Table.Tr key={entry.email}>
              {/* break-word, not anywhere: the column keeps room for a whole address. */}
              <Table.Td style={{ overflowWrap: 'break-word' }}>
                <Text size="sm" fw={500}>
                  {entry.email}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <ReasonBadge reason={entry.reason} />
              </Table.Td>
              <Table.Td style={nowrap}>{entry.source}</Table.Td>
              <Table.Td miw={180}>
                <Text size="sm" c={entry.detail ? undefined : 'dimmed'}>
                  {entry.detail ?? 'None given'}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>{formatDateTime(entry.createdAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onLift(entry)}
                  aria-label={`Lift ${entry.email}`}
                >
                  Lift
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
