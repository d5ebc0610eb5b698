import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../../lib/format-date';
import { ReasonBadge } from './reason-badge';
import type { SuppressionsViewProps } from './suppressions-table';

/** Phones: the table's columns stacked in one card per address, the Lift button in reach. */
export function SuppressionCards({ suppressions, onLift }: SuppressionsViewProps) {
  return (
    <Stack gap="sm" component="ul" aria-label="Suppressed addresses" p={0} m={0}>
      {suppressions.map((entry) => (
        <Paper
          key={entry.email}
          component="li"
          aria-label={entry.email}
          withBorder
          p="sm"
          radius="md"
          style={{ listStyle: 'none' }}
        >
          <Stack gap={6}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {entry.email}
            </Text>
            <Group gap="xs">
              <ReasonBadge reason={entry.reason} />
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.createdAt)} · {entry.source}
              </Text>
            </Group>
            {entry.detail && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.detail}
              </Text>
            )}
            <Button
              size="xs"
              variant="light"
              onClick={() => onLift(entry)}
              aria-label={`Lift ${entry.email}`}
              w="fit-content"
            >
              Lift
            </Button>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
