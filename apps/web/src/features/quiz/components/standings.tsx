import type { LeaderboardEntry } from '@alumnet/contract';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { Standings } from '../utils/quiz-state';
import { teamColor } from '../utils/teams';

const ordinal = (rank: number) =>
  rank === 1 ? '1st' : rank === 2 ? '2nd' : rank === 3 ? '3rd' : `${rank}th`;

const PLACE_COLOR: Record<number, string> = { 1: 'yellow', 2: 'gray', 3: 'orange' };

const sameEntry = (a: LeaderboardEntry, b: LeaderboardEntry | null) =>
  b !== null && a.rank === b.rank && a.name === b.name;

/** The row that is the player's: their own in a players' board, their team's in a teams' one. */
const mineOf = (standings: Standings) =>
  standings.by === 'teams' ? standings.yourTeam : standings.you;

/** The top five after a question (players, or teams in team mode), and where this player stands. */
export function Leaderboard({ standings }: { standings: Standings }) {
  const teams = standings.by === 'teams';
  return (
    <Stack gap="xs" component="section" aria-label="Leaderboard">
      <Title order={2} size="h4">
        {teams ? 'Team leaderboard' : 'Leaderboard'}
      </Title>
      <Rows entries={standings.entries} mine={mineOf(standings)} teams={teams} />
      <YourPlace standings={standings} />
    </Stack>
  );
}

/**
 * The final podium, first in the middle as on a real podium; the places after the third (the
 * host may show up to ten) as a list under it; and this player's place.
 */
export function Podium({ standings }: { standings: Standings }) {
  const teams = standings.by === 'teams';
  const rest = standings.entries.filter((entry) => entry.rank > 3);
  return (
    <Stack gap="sm" component="section" aria-label="Final results">
      <Title order={2} size="h4" ta="center">
        Final results
      </Title>
      {teams && (
        <Text ta="center" size="sm" c="dimmed">
          Teams, by their members&apos; mean score
        </Text>
      )}
      <Group grow align="flex-end" gap="xs">
        {standings.entries
          .filter((entry) => entry.rank <= 3)
          .map((entry) => (
            <Step key={`${entry.rank}-${entry.name}`} entry={entry} />
          ))}
      </Group>
      {rest.length > 0 && <Rows entries={rest} mine={mineOf(standings)} teams={teams} />}
      <YourPlace standings={standings} />
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

function Rows({
  entries,
  mine,
  teams,
}: {
  entries: LeaderboardEntry[];
  mine: LeaderboardEntry | null;
  teams: boolean;
}) {
  return (
    <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Row
          key={`${entry.rank}-${entry.name}`}
          entry={entry}
          mine={sameEntry(entry, mine)}
          teams={teams}
        />
      ))}
    </Stack>
  );
}

function Row({ entry, mine, teams }: { entry: LeaderboardEntry; mine: boolean; teams: boolean }) {
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py={6} bg={mine ? 'blue.0' : undefined}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {teams && <TeamDot name={entry.name} />}
          <Text fw={mine ? 700 : 500} truncate>
            #{entry.rank} {entry.name}
            {mine ? (teams ? ' (your team)' : ' (you)') : ''}
          </Text>
        </Group>
        <Text fw={700}>{entry.score}</Text>
      </Group>
    </Paper>
  );
}

function TeamDot({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      style={{
        flex: 'none',
        width: 12,
        height: 12,
        borderRadius: '50%',
        background: `var(--mantine-color-${teamColor(name)}-6)`,
      }}
    />
  );
}

/**
 * Where this player stands. In team mode the board is of teams, so the player's own points
 * are shown too: a player should never have to guess what they scored themselves.
 */
function YourPlace({ standings }: { standings: Standings }) {
  const { you, yourTeam } = standings;
  if (standings.by !== 'teams') {
    if (!you) return null;
    return (
      <Text ta="center" fw={600}>
        Your rank: #{you.rank} · {you.score} points
      </Text>
    );
  }
  return (
    <Stack gap={2} align="center" ta="center">
      {yourTeam && (
        <Text fw={600}>
          Your team: {yourTeam.name} · #{yourTeam.rank} · {yourTeam.score} points
        </Text>
      )}
      {you && (
        <Text fw={600} size="sm">
          Your points: {you.score} (#{you.rank} of the players)
        </Text>
      )}
    </Stack>
  );
}
