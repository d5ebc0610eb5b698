import { QUIZ_PLAY_MESSAGES, type ChallengeState } from '@alumnet/contract';
import { Alert, Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFlag,
  IconLock,
  IconTrophy,
} from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format-date';
import type { Standings } from '../utils/quiz-state';
import { Leaderboard } from './standings';
import { Fact } from './fact';

interface ChallengeIntroProps {
  state: ChallengeState;
  busy: boolean;
  error: string | null;
  onStart: () => void;
}

/** Before the attempt: what the challenge is, until when, and that it is played once. */
export function ChallengeIntro({ state, busy, error, onStart }: ChallengeIntroProps) {
  return (
    <Stack gap="md">
      <Stack gap={4} align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconFlag size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {state.title}
        </Title>
        <Text c="dimmed" size="sm">
          A challenge: answer at your own pace, each question against its timer. You play it once.
        </Text>
      </Stack>
      <SimpleGrid cols={3} spacing="xs">
        <Fact label="Questions" value={String(state.total_questions)} />
        <Fact label="Closes" value={formatDateTime(state.deadline)} />
        <Fact label="Finished" value={String(state.players)} />
      </SimpleGrid>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <Button size="xl" fullWidth loading={busy} onClick={onStart}>
        Start
      </Button>
    </Stack>
  );
}

/**
 * After the attempt, or after the deadline: the member's score and rank (if they played) and the
 * leaderboard. A member who already played sees this, never a second attempt.
 */
export function ChallengeEnd({
  state,
  finishedHere,
}: {
  state: ChallengeState;
  finishedHere: boolean;
}) {
  const played = state.attempt === 'done';
  const standings: Standings = {
    entries: state.leaderboard,
    you: state.you,
    by: 'players',
    yourTeam: null,
  };
  return (
    <Stack gap="md">
      <Title order={1} size="h2" ta="center">
        {state.title}
      </Title>
      {!state.open && (
        <Alert color="gray" icon={<IconLock size={18} />} role="status">
          {QUIZ_PLAY_MESSAGES.challengeClosed}
        </Alert>
      )}
      {played && finishedHere && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" title="Well done!">
          You have finished the challenge.
        </Alert>
      )}
      {played && !finishedHere && state.open && (
        <Alert color="blue" icon={<IconCircleCheck size={18} />} role="status">
          {QUIZ_PLAY_MESSAGES.challengeDone}
        </Alert>
      )}
      {played && (
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={2} spacing="xs">
            <Fact label="Your score" value={String(state.you?.score ?? state.score)} />
            <Fact
              label="Your rank"
              value={state.you ? `#${state.you.rank} of ${state.players}` : '—'}
            />
          </SimpleGrid>
        </Paper>
      )}
      {state.leaderboard.length > 0 ? (
        <Leaderboard standings={standings} />
      ) : (
        <Stack align="center" gap={4} c="dimmed">
          <IconTrophy size={24} aria-hidden />
          <Text size="sm">Nobody has finished the challenge yet.</Text>
        </Stack>
      )}
    </Stack>
  );
}
