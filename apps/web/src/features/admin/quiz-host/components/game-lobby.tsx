import { TEAM_NAMES, type HostState } from '@alumnet/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Grid,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPlayerPlay } from '@tabler/icons-react';
import { JoinQr } from './join-qr';

/** The scoring the host chose, in a line the room can read before the first question. */
function settingsLine(settings: HostState['settings']) {
  if (!settings) return null;
  const parts = [
    settings.speedScoring ? 'Speed scoring' : 'No speed scoring',
    settings.streakBonus ? 'streak bonus' : 'no streak bonus',
    `${settings.podiumSize} places on the podium`,
  ];
  return parts.join(' · ');
}

/** Before Start: the code as large as a hall needs, the address and its QR, who has joined. */
export function GameLobby({
  state,
  joinUrl,
  starting,
  onStart,
}: {
  state: HostState;
  joinUrl: string;
  starting: boolean;
  onStart: () => void;
}) {
  const count = state.total_players;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} h="100%">
          <Stack align="center" gap="sm" ta="center">
            <Text size="lg">Join at</Text>
            <Group gap={4} justify="center" wrap="nowrap" maw="100%">
              <Anchor
                href={joinUrl}
                target="_blank"
                rel="noreferrer"
                fw={600}
                size="lg"
                style={{ overflowWrap: 'anywhere' }}
              >
                {joinUrl}
              </Anchor>
              <CopyButton value={joinUrl}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy the address'}>
                    <ActionIcon variant="subtle" onClick={copy} aria-label="Copy the join address">
                      {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Text size="lg">with the code</Text>
            <Title
              order={2}
              aria-label={`Game code ${state.code}`}
              ff="monospace"
              fz={{ base: 56, sm: 96, lg: 120 }}
              lh={1}
              style={{ letterSpacing: '0.12em', whiteSpace: 'nowrap' }}
            >
              {state.code}
            </Title>
            <JoinQr url={joinUrl} />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} h="100%">
          <Stack gap="md" h="100%">
            <Group justify="space-between" gap="sm">
              <Title order={3} aria-live="polite">
                {count === 1 ? '1 player' : `${count} players`}
              </Title>
              <Button
                size="lg"
                leftSection={<IconPlayerPlay size={20} />}
                onClick={onStart}
                loading={starting}
                disabled={count === 0}
              >
                Start
              </Button>
            </Group>
            {state.settings && <Text size="sm">{settingsLine(state.settings)}</Text>}
            {state.settings?.teams && (
              <Text size="sm">
                {state.settings.teams.choose === 'players'
                  ? 'Players pick their team: '
                  : 'Players are placed in teams: '}
                {state.teams && state.teams.length > 0
                  ? state.teams.map((t) => `${t.name} (${t.members})`).join(', ')
                  : TEAM_NAMES.slice(0, state.settings.teams.count).join(', ')}
              </Text>
            )}
            {count === 0 ? (
              <Text c="dimmed">Waiting for players to join…</Text>
            ) : (
              <Group
                gap="xs"
                component="ul"
                p={0}
                m={0}
                aria-label="Players"
                style={{ listStyle: 'none' }}
              >
                {state.players.map((player, i) => (
                  <Badge
                    key={`${player.name}-${i}`}
                    component="li"
                    size="lg"
                    variant="light"
                    tt="none"
                  >
                    {player.name}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
