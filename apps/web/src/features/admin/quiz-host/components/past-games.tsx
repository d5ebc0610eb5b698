import type { QuizGameSummary } from '@alumnet/contract';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconPresentation,
  IconReportAnalytics,
  IconTrophy,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths, pathTo } from '../../../../config/paths';
import { formatDateTime } from '../../../../lib/format-date';
import { serverMessage } from '../../shared/utils/errors';
import { gamesQuery } from '../api/quizzes';

const running = (game: QuizGameSummary) => game.status !== 'finished';

/** What became of a game: still running, a challenge open until its deadline, or over. */
function stateLine(game: QuizGameSummary) {
  if (game.kind === 'challenge') {
    const open = running(game) && (!game.deadline || Date.parse(game.deadline) > Date.now());
    return `${open ? 'Open until' : 'Closed'} ${formatDateTime(game.deadline)}`;
  }
  return running(game) ? 'Running now' : 'Finished';
}

/** The college's games, newest first: when, which quiz, how many played and who won. */
export function PastGames({ collegeId, enabled }: { collegeId: string; enabled: boolean }) {
  const games = useQuery({ ...gamesQuery(collegeId), enabled });

  if (games.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverMessage(games.error, 'Could not load the games.')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => games.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!games.data) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading games" />
      </Center>
    );
  }
  if (games.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No games yet. Start a game or assign a quiz as a challenge.
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Games">
      {games.data.map((game) => (
        <Paper
          key={game.gameId}
          component="li"
          withBorder
          radius="md"
          p="md"
          aria-label={`${game.title}, ${formatDateTime(game.playedAt)}`}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
              <Group gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {game.title}
                </Text>
                <Badge variant="light" color={game.kind === 'live' ? 'blue' : 'grape'}>
                  {game.kind === 'live' ? 'Live' : 'Challenge'}
                </Badge>
                {game.kind === 'live' && running(game) && (
                  <Badge variant="light" color="green">
                    {game.code}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {formatDateTime(game.playedAt)} · {stateLine(game)} ·{' '}
                {game.players === 1 ? '1 player' : `${game.players} players`}
              </Text>
              {game.winner && (
                <Group gap={4} wrap="nowrap">
                  <IconTrophy size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    Winner: {game.winner}
                  </Text>
                </Group>
              )}
            </Stack>
            <Group gap="xs" wrap="wrap">
              {game.kind === 'live' && running(game) && (
                <Button
                  size="xs"
                  color="green"
                  component={Link}
                  to={pathTo(paths.quizHostGame, { code: game.code })}
                  leftSection={<IconPresentation size={14} />}
                >
                  Console
                </Button>
              )}
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={pathTo(paths.quizHostReport, { code: game.code })}
                leftSection={<IconReportAnalytics size={14} />}
              >
                Report
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
