import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX, IconUsersGroup } from '@tabler/icons-react';
import { teamColor } from '../utils/teams';

interface GameBarProps {
  code: string;
  name: string;
  score: number;
  /** The player's team in team mode: on screen through the whole game. */
  team?: string | null;
  connected: boolean;
}

/** Who is playing which game, the score so far, and whether the live connection is up. */
export function GameBar({ code, name, score, team = null, connected }: GameBarProps) {
  return (
    <Group justify="space-between" wrap="nowrap" mb="md" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          Quiz {code} · Score {score}
        </Text>
        {team && (
          <Group gap={4} wrap="nowrap" c={`${teamColor(team)}.8`}>
            <IconUsersGroup size={14} aria-hidden />
            <Text size="xs" fw={700}>
              Team {team}
            </Text>
          </Group>
        )}
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
