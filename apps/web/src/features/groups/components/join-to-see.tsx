import { Card, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** In place of what only the group's members see: a short line inviting the reader to join. */
export function JoinToSee({ what }: { what: string }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text c="dimmed" ta="center" size="sm">
        <IconLock size={16} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} aria-hidden />
        Join the group to see {what}.
      </Text>
    </Card>
  );
}

/** A 403 from the group's calls: the reader is not (or no longer) in it. */
export const isRefused = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 403;
