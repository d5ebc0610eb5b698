import { API, QUIZ, type HostState } from '@alumnet/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconReportAnalytics, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, pathTo } from '../../../../config/paths';
import { ordinal } from '../../../../lib/event-time';
import { LeaderboardTable } from './leaderboard-table';

const PLACES = [
  { rank: 2, label: '2nd', height: 120, colour: 'gray.4' },
  { rank: 1, label: '1st', height: 170, colour: 'yellow.5' },
  { rank: 3, label: '3rd', height: 90, colour: 'orange.4' },
] as const;

/**
 * The end: the first three on a podium (2nd, 1st, 3rd from the left), the places after them up
 * to the podium size the host chose, the report and the results file. In team mode the podium is
 * the teams'; the players' own ranking follows under it.
 */
export function GamePodium({ state }: { state: HostState }) {
  const teams = state.teams ?? [];
  const byTeams = teams.length > 0;
  const places = state.settings?.podiumSize ?? QUIZ.minPodium;
  const ranking = (byTeams ? teams : state.top).filter((entry) => entry.rank <= places);
  const byRank = (rank: number) => ranking.find((entry) => entry.rank === rank);
  const more = ranking.filter((entry) => entry.rank > PLACES.length);
  return (
    <Stack gap="xl" align="center">
      <Title order={2}>{byTeams ? 'Final results: teams' : 'Final results'}</Title>
      <SimpleGrid
        cols={3}
        spacing={{ base: 'xs', sm: 'md' }}
        w="100%"
        maw={720}
        style={{ alignItems: 'end' }}
        aria-label="Podium"
        role="list"
      >
        {PLACES.map((place) => {
          const entry = byRank(place.rank);
          return (
            <Stack
              key={place.rank}
              gap="xs"
              align="center"
              role="listitem"
              aria-label={
                entry
                  ? `${place.label}: ${entry.name}, ${entry.score} points`
                  : `${place.label}: nobody`
              }
            >
              {place.rank === 1 && <IconTrophy size={36} color="var(--mantine-color-yellow-6)" />}
              <Text fw={700} ta="center" style={{ overflowWrap: 'anywhere' }}>
                {entry?.name ?? '—'}
              </Text>
              <Text size="sm" c="dimmed">
                {entry ? `${entry.score} points` : ''}
              </Text>
              <Paper
                w="100%"
                h={place.height}
                bg={place.colour}
                radius="md"
                style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
              >
                <Text fw={800} fz={{ base: 24, sm: 32 }}>
                  {place.label}
                </Text>
              </Paper>
            </Stack>
          );
        })}
      </SimpleGrid>
      {more.length > 0 && (
        <Stack
          gap={4}
          component="ol"
          p={0}
          m={0}
          w="100%"
          maw={480}
          aria-label="Next places"
          style={{ listStyle: 'none' }}
        >
          {more.map((entry) => (
            <Group
              key={`${entry.rank}-${entry.name}`}
              component="li"
              justify="space-between"
              wrap="nowrap"
              aria-label={`${ordinal(entry.rank)}: ${entry.name}, ${entry.score} points`}
            >
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {ordinal(entry.rank)} {entry.name}
              </Text>
              <Text c="dimmed">{entry.score} points</Text>
            </Group>
          ))}
        </Stack>
      )}
      {byTeams && state.top.length > 0 && (
        <Paper withBorder radius="md" p="md" w="100%" maw={480}>
          <Title order={3} size="h4" mb="sm">
            Best players
          </Title>
          <LeaderboardTable top={state.top.slice(0, places)} caption="Leaderboard" />
        </Paper>
      )}
      <Text c="dimmed">
        {state.total_players === 1 ? '1 player' : `${state.total_players} players`} took part.
      </Text>
      <Group gap="sm" justify="center">
        <Button
          component={Link}
          to={pathTo(paths.quizHostReport, { code: state.code })}
          variant="light"
          leftSection={<IconReportAnalytics size={16} />}
        >
          Open the report
        </Button>
        <Button
          component="a"
          href={API.quizHost.results(state.code)}
          download
          leftSection={<IconDownload size={16} />}
        >
          Download results (CSV)
        </Button>
      </Group>
    </Stack>
  );
}
