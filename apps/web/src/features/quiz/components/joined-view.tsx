import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { QuizState } from '../utils/quiz-state';
import { outcomeOf } from '../utils/outcome';
import { Leaderboard, Podium } from './standings';

interface JoinedViewProps {
  state: QuizState;
  onLeave: () => void;
}

/** Step 5: in the game, between questions: news from the host, the score, the standings. */
export function JoinedView({ state, onLeave }: JoinedViewProps) {
  const { player, result, podium, leaderboard, team } = state;
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck size={18} />} title="You're in!">
        {state.joinMessage || 'You have joined the game.'}
      </Alert>
      <Paper withBorder radius="md" p="sm">
        <Stack gap={4}>
          <Detail label="Player ID" value={player?.player_id ?? ''} />
          {team && <Detail label="Team" value={team} />}
          <Detail label="Total score" value={String(state.score)} />
          {state.totalPlayers !== null && (
            <Detail label="Players" value={String(state.totalPlayers)} />
          )}
          {result && (
            <Detail
              label="Last question"
              value={`${outcomeOf(result.answer_state, state.selection !== null).message}${
                result.answer_state === 'voted' ? '' : ` (+${result.score_earned_by_player})`
              }`}
            />
          )}
        </Stack>
      </Paper>
      <Text ta="center" fw={600} aria-live="polite">
        {state.latest}
      </Text>
      {podium ? (
        <Podium standings={podium} />
      ) : (
        leaderboard && <Leaderboard standings={leaderboard} />
      )}
      <Button variant={podium ? 'filled' : 'subtle'} onClick={onLeave}>
        {podium ? 'Play again' : 'Leave game'}
      </Button>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Group>
  );
}
