import type { AnswerReveal, QuizAnswerValue } from '@alumnet/contract';
import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { CurrentQuestion } from '../utils/quiz-state';
import { optionLetter } from './answer-inputs';

export interface RevealProps {
  question: Pick<CurrentQuestion, 'kind' | 'options'>;
  /** What this player answered; null for no answer. */
  answer: QuizAnswerValue | null;
  /** What was right, once the results are in; null before. */
  reveal: AnswerReveal | null;
  /**
   * The spec's correct_answer for single choice, for results without a reveal; -1 or null when
   * the question has no one right option.
   */
  correctAnswer?: number | null;
}

/** The options (or text, or order) after answering: the player's answer against what was right. */
export function QuestionReveal(props: RevealProps) {
  switch (props.question.kind) {
    case 'typed':
      return <TypedReveal {...props} />;
    case 'order':
      return <OrderReveal {...props} />;
    default:
      return <OptionsReveal {...props} />;
  }
}

/** The right options of a question, or null until known (and for a poll, which has none). */
export function rightOptions({ question, reveal, correctAnswer }: RevealProps): number[] | null {
  if (question.kind === 'poll' || question.kind === 'typed' || question.kind === 'order')
    return null;
  if (reveal?.correct_options) return reveal.correct_options;
  return correctAnswer !== null && correctAnswer !== undefined && correctAnswer >= 0
    ? [correctAnswer]
    : null;
}

/** "A. Chennai" for one right option, "A, C" for several, the accepted texts for a typed answer. */
export function rightAnswerText(props: RevealProps): string | null {
  const { question, reveal } = props;
  if (question.kind === 'typed') return reveal?.accepted_answers?.join(' / ') ?? null;
  const right = rightOptions(props);
  if (!right || right.length === 0) return null;
  const [only] = right;
  if (right.length === 1 && only !== undefined)
    return `${optionLetter(only)}. ${question.options[only] ?? ''}`;
  return right.map(optionLetter).join(', ');
}

const picked = (answer: QuizAnswerValue | null, index: number) =>
  answer === index || (Array.isArray(answer) && answer.includes(index));

function OptionsReveal(props: RevealProps) {
  const { question, answer, reveal } = props;
  const right = rightOptions(props);
  const poll = question.kind === 'poll';
  const votes = poll ? reveal?.distribution : undefined;
  const total = votes?.reduce((sum, n) => sum + n, 0) ?? 0;
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Answers">
      {question.options.map((option, index) => (
        <OptionResult
          key={index}
          text={`${optionLetter(index)}. ${option}`}
          picked={picked(answer, index)}
          pickedNote={poll ? 'Your vote' : 'Your answer'}
          correct={right ? right.includes(index) : null}
          votes={votes ? { count: votes[index] ?? 0, total } : null}
        />
      ))}
    </Stack>
  );
}

interface OptionResultProps {
  text: string;
  picked: boolean;
  pickedNote: string;
  /** null until the results say which options were right (always for a poll). */
  correct: boolean | null;
  /** A poll's votes for this option, of all votes. */
  votes: { count: number; total: number } | null;
}

/** An option after answering: green and ticked when right, red and crossed when a wrong pick. */
function OptionResult({ text, picked, pickedNote, correct, votes }: OptionResultProps) {
  const wrongPick = picked && correct === false;
  const color = correct ? 'green' : wrongPick ? 'red' : picked ? 'blue' : 'gray';
  const notes = [picked && pickedNote, correct && 'Correct answer'].filter(Boolean).join(' · ');
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
        <Text fw={picked || correct ? 700 : 400}>{text}</Text>
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
      {votes && (
        <Group gap="xs" wrap="nowrap" mt={4}>
          <Progress
            flex={1}
            value={votes.total > 0 ? (votes.count / votes.total) * 100 : 0}
            color={picked ? 'blue' : 'gray'}
            size="md"
            radius="xl"
            aria-hidden
          />
          <Text size="sm" fw={600} miw={64} ta="right">
            {votes.count === 1 ? '1 vote' : `${votes.count} votes`}
          </Text>
        </Group>
      )}
    </Paper>
  );
}

function TypedReveal({ answer, reveal }: RevealProps) {
  const accepted = reveal?.accepted_answers;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Answers">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text size="sm" c="dimmed">
            Your answer
          </Text>
          <Text fw={700} ta="right" style={{ overflowWrap: 'anywhere' }}>
            {typeof answer === 'string' && answer !== '' ? answer : '—'}
          </Text>
        </Group>
        {accepted && (
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm" c="dimmed">
              {accepted.length === 1 ? 'Accepted answer' : 'Accepted answers'}
            </Text>
            <Text fw={700} ta="right" c="green.8" style={{ overflowWrap: 'anywhere' }}>
              {accepted.join(' / ')}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function OrderReveal({ question, answer, reveal }: RevealProps) {
  const right = reveal?.correct_order ?? null;
  const yours = Array.isArray(answer) ? answer : null;
  const allRight =
    yours !== null && right !== null && right.every((item, position) => yours[position] === item);
  return (
    <Stack gap="sm">
      {yours && (
        <OrderList
          label="Your order"
          items={yours.map((item, position) => ({
            text: question.options[item] ?? '',
            right: right ? right[position] === item : null,
          }))}
        />
      )}
      {right && !allRight && (
        <OrderList
          label="Right order"
          items={right.map((item) => ({ text: question.options[item] ?? '', right: null }))}
        />
      )}
      {!yours && !right && (
        <OrderList
          label="Answers"
          items={question.options.map((text) => ({ text, right: null }))}
        />
      )}
    </Stack>
  );
}

function OrderList({
  label,
  items,
}: {
  label: string;
  items: { text: string; right: boolean | null }[];
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
        {items.map((item, position) => {
          const color = item.right === null ? 'gray' : item.right ? 'green' : 'red';
          return (
            <Paper
              key={position}
              component="li"
              withBorder
              radius="md"
              px="sm"
              py={6}
              bg={color === 'gray' ? undefined : `${color}.0`}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600}>
                  {position + 1}. {item.text}
                </Text>
                {item.right === true && (
                  <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label="In place" />
                )}
                {item.right === false && (
                  <IconX size={18} color="var(--mantine-color-red-7)" aria-label="Out of place" />
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
