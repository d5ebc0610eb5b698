import { questionOfText } from '@alumnet/contract';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCheck,
  IconClockExclamation,
  IconHourglass,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { outcomeOf, type OutcomeTone } from '../utils/outcome';
import type { QuizState } from '../utils/quiz-state';
import { optionLetter } from './question-view';
import { Leaderboard, Podium } from './standings';

const TONE: Record<OutcomeTone, { color: string; icon: Icon }> = {
  correct: { color: 'green', icon: IconCheck },
  wrong: { color: 'red', icon: IconX },
  none: { color: 'orange', icon: IconClockExclamation },
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
  const outcome = outcomeOf(state);
  const tone = TONE[outcome.tone];
  return (
    <Stack gap="md">
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
      {question && (
        <Stack gap="xs">
          <Text fw={600} c="dimmed" size="sm">
            {questionOfText(question.question_number, question.total_questions)}
          </Text>
          <Title order={1} size="h4">
            {question.question}
          </Title>
          <Stack
            gap={6}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Answers"
          >
            {question.options.map((option, index) => (
              <OptionResult
                key={index}
                index={index}
                text={option}
                picked={selection === index}
                correct={result ? result.correct_answer === index : null}
              />
            ))}
          </Stack>
        </Stack>
      )}
      {result && question && (
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between">
            <Text size="sm">Points for this question</Text>
            <Text fw={700}>+{result.score_earned_by_player}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">Correct answer</Text>
            <Text fw={700} ta="right">
              {optionLetter(result.correct_answer)}. {question.options[result.correct_answer]}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">Total score</Text>
            <Text fw={700}>{state.score}</Text>
          </Group>
        </Paper>
      )}
      {leaderboard && <Leaderboard standings={leaderboard} />}
    </Stack>
  );
}

interface OptionResultProps {
  index: number;
  text: string;
  picked: boolean;
  /** null until the results say which option was right. */
  correct: boolean | null;
}

/** An option after answering: green and ticked when right, red and crossed when a wrong pick. */
function OptionResult({ index, text, picked, correct }: OptionResultProps) {
  const wrongPick = picked && correct === false;
  const color = correct ? 'green' : wrongPick ? 'red' : picked ? 'blue' : 'gray';
  const notes = [picked && 'Your answer', correct && 'Correct answer'].filter(Boolean).join(' · ');
  return (
    <Paper
      component="li"
      radius="md"
      px="sm"
      py="xs"
      withBorder
      bg={color === 'gray' ? undefined : `${color}.0`}
      style={{ borderColor: `var(--mantine-color-${color}-${color === 'gray' ? 3 : 6})` }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={picked || correct ? 700 : 400}>
          {optionLetter(index)}. {text}
        </Text>
        <Group gap={4} wrap="nowrap">
          {notes && (
            <Text size="xs" fw={600} c={`${color}.8`}>
              {notes}
            </Text>
          )}
          {correct && <IconCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />}
          {wrongPick && <IconX size={18} color="var(--mantine-color-red-7)" aria-hidden />}
        </Group>
      </Group>
    </Paper>
  );
}
