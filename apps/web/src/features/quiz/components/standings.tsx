import type { LeaderboardEntry } from '@alumnet/contract';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { Standings } from '../utils/quiz-state';

const ordinal = (rank: number) =>
  rank === 1 ? '1st' : rank === 2 ? '2nd' : rank === 3 ? '3rd' : `${rank}th`;

const PLACE_COLOR: Record<number, string> = { 1: 'yellow', 2: 'gray', 3: 'orange' };

/** The top five after a question, and where this player stands if not among them. */
export function Leaderboard({ standings }: { standings: Standings }) {
  return (
    <Stack gap="xs" component="section" aria-label="Leaderboard">
      <Title order={2} size="h4">
        Leaderboard
      </Title>
      <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {standings.entries.map((entry) => (
          <Row key={`${entry.rank}-${entry.name}`} entry={entry} you={standings.you} />
        ))}
      </Stack>
      <YourPlace you={standings.you} />
    </Stack>
  );
}

/** The final three, first in the middle as on a real podium, and this player's place. */
export function Podium({ standings }: { standings: Standings }) {
  return (
    <Stack gap="sm" component="section" aria-label="Final results">
      <Title order={2} size="h4" ta="center">
        Final results
      </Title>
      <Group grow align="flex-end" gap="xs">
        {standings.entries.slice(0, 3).map((entry) => (
          <Step key={`${entry.rank}-${entry.name}`} entry={entry} />
        ))}
      </Group>
      <YourPlace you={standings.you} />
    </Stack>
  );
}

// Read first to third; shown second, first, third, each as high as its place.
const PLACE_ORDER: Record<number, number> = { 1: 2, 2: 1, 3: 3 };
const PLACE_HEIGHT: Record<number, number> = { 1: 100, 2: 72, 3: 56 };

function Step({ entry }: { entry: LeaderboardEntry }) {
  return (
    <Stack
      gap={4}
      align="center"
      ta="center"
      style={{ minWidth: 0, order: PLACE_ORDER[entry.rank] ?? 3 }}
    >
      <ThemeIcon size="lg" radius="xl" color={PLACE_COLOR[entry.rank] ?? 'blue'}>
        <IconTrophy size={18} />
      </ThemeIcon>
      <Text fw={700} size="sm" truncate maw="100%">
        {entry.name}
      </Text>
      <Paper
        w="100%"
        h={PLACE_HEIGHT[entry.rank] ?? 56}
        radius="sm"
        bg={`${PLACE_COLOR[entry.rank] ?? 'blue'}.1`}
        p={4}
      >
        <Text fw={800}>{ordinal(entry.rank)}</Text>
        <Text size="xs">{entry.score} pts</Text>
      </Paper>
    </Stack>
  );
}

function Row({ entry, you }: { entry: LeaderboardEntry; you: LeaderboardEntry | null }) {
  const mine = you?.rank === entry.rank && you.name === entry.name;
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py={6} bg={mine ? 'blue.0' : undefined}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={mine ? 700 : 500} truncate>
          #{entry.rank} {entry.name}
          {mine ? ' (you)' : ''}
        </Text>
        <Text fw={700}>{entry.score}</Text>
      </Group>
    </Paper>
  );
}

function YourPlace({ you }: { you: LeaderboardEntry | null }) {
  if (!you) return null;
  return (
    <Text ta="center" fw={600}>
      Your rank: #{you.rank} · {you.score} points
    </Text>
  );
}
