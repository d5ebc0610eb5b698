import { questionOfText } from '@alumnet/contract';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCheck,
  IconCircleHalf2,
  IconClockExclamation,
  IconFlame,
  IconHourglass,
  IconSpeakerphone,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { outcomeOf, type Outcome, type OutcomeTone } from '../utils/outcome';
import type { QuizState } from '../utils/quiz-state';
import { QuestionReveal, rightAnswerText, type RevealProps } from './question-reveal';
import { Leaderboard, Podium } from './standings';

const TONE: Record<OutcomeTone, { color: string; icon: Icon }> = {
  correct: { color: 'green', icon: IconCheck },
  partial: { color: 'yellow', icon: IconCircleHalf2 },
  wrong: { color: 'red', icon: IconX },
  none: { color: 'orange', icon: IconClockExclamation },
  voted: { color: 'violet', icon: IconSpeakerphone },
  waiting: { color: 'blue', icon: IconHourglass },
};

interface AnswerViewProps {
  state: QuizState;
  onPlayAgain: () => void;
}

/** Step 7: answered or out of time; then the results, the standings and at last the podium. */
export function AnswerView({ state, onPlayAgain }: AnswerViewProps) {
  const { question, result, selection, leaderboard, podium } = state;
  // The game is over: the podium is the news, not the last question.
  if (podium) {
    return (
      <Stack gap="md">
        <Text ta="center" fw={600} role="status">
          {state.latest}
        </Text>
        <Podium standings={podium} />
        <Button size="lg" onClick={onPlayAgain}>
          Play again
        </Button>
      </Stack>
    );
  }
  const reveal: RevealProps | null = question && {
    question,
    answer: selection,
    reveal: result?.reveal ?? null,
    correctAnswer: result ? result.correct_answer : null,
  };
  return (
    <Stack gap="md">
      <OutcomeBanner outcome={outcomeOf(result?.answer_state, selection !== null)} />
      {question && reveal && (
        <Stack gap="xs">
          <Text fw={600} c="dimmed" size="sm">
            {questionOfText(question.question_number, question.total_questions)}
          </Text>
          <Title order={1} size="h4">
            {question.question}
          </Title>
          <QuestionReveal {...reveal} />
        </Stack>
      )}
      {result && reveal && (
        <ResultFacts
          reveal={reveal}
          points={result.score_earned_by_player}
          streak={result.streak ?? 0}
          streakBonus={state.submission?.streak_bonus ?? 0}
          total={state.score}
        />
      )}
      {leaderboard && <Leaderboard standings={leaderboard} />}
    </Stack>
  );
}

/** The headline of a result: right, partly right, wrong, voted or out of time, in words and colour. */
export function OutcomeBanner({ outcome }: { outcome: Outcome }) {
  const tone = TONE[outcome.tone];
  return (
    <Paper radius="md" p="md" bg={`${tone.color}.0`} role="status" aria-live="polite">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon color={tone.color} radius="xl" size="lg">
          <tone.icon size={20} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={700}>{outcome.message}</Text>
          <Text size="sm">{outcome.label}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

interface ResultFactsProps {
  reveal: RevealProps;
  points: number;
  /** Right answers in a row, this one included; shown from two up. */
  streak: number;
  /** The part of `points` the streak earned. */
  streakBonus: number;
  total: number;
}

/** The figures under a result: points, what was right (in short), the streak and the total. */
export function ResultFacts({ reveal, points, streak, streakBonus, total }: ResultFactsProps) {
  const poll = reveal.question.kind === 'poll';
  const right = rightAnswerText(reveal);
  return (
    <Paper withBorder radius="md" p="sm">
      {!poll && (
        <Fact label="Points for this question">
          +{points}
          {streakBonus > 0 && ` (streak bonus +${streakBonus})`}
        </Fact>
      )}
      {right && (
        <Fact label={reveal.question.kind === 'multiple' ? 'Correct answers' : 'Correct answer'}>
          {right}
        </Fact>
      )}
      {streak > 1 && (
        <Fact label="Streak">
          <Group gap={4} wrap="nowrap" justify="flex-end" component="span">
            <IconFlame size={16} color="var(--mantine-color-orange-6)" aria-hidden />
            {streak} in a row
          </Group>
        </Fact>
      )}
      <Fact label="Total score">{total}</Fact>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <Text size="sm">{label}</Text>
      <Text fw={700} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
