import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';

interface GameBarProps {
  code: string;
  name: string;
  score: number;
  connected: boolean;
}

/** Who is playing which game, the score so far, and whether the live connection is up. */
export function GameBar({ code, name, score, connected }: GameBarProps) {
  return (
    <Group justify="space-between" wrap="nowrap" mb="md" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          Quiz {code} · Score {score}
        </Text>
      </Stack>
      <Badge
        role="status"
        variant="light"
        color={connected ? 'green' : 'red'}
        leftSection={connected ? <IconPlugConnected size={14} /> : <IconPlugConnectedX size={14} />}
      >
        {connected ? 'Connected' : 'Disconnected'}
      </Badge>
    </Group>
  );
}
