import { API, type HostState } from '@alumnet/contract';
import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrophy } from '@tabler/icons-react';

const PLACES = [
  { rank: 2, label: '2nd', height: 120, colour: 'gray.4' },
  { rank: 1, label: '1st', height: 170, colour: 'yellow.5' },
  { rank: 3, label: '3rd', height: 90, colour: 'orange.4' },
] as const;

/** The end: the first three on a podium (2nd, 1st, 3rd from the left) and the results file. */
export function GamePodium({ state }: { state: HostState }) {
  const byRank = (rank: number) => state.top.find((entry) => entry.rank === rank);
  return (
    <Stack gap="xl" align="center">
      <Title order={2}>Final results</Title>
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
      <Text c="dimmed">
        {state.total_players === 1 ? '1 player' : `${state.total_players} players`} took part.
      </Text>
      <Button
        component="a"
        href={API.quizHost.results(state.code)}
        download
        leftSection={<IconDownload size={16} />}
      >
        Download results (CSV)
      </Button>
    </Stack>
  );
}
