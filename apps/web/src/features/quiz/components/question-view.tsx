import { QUIZ, questionOfText } from '@alumnet/contract';
import { Alert, Badge, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { CurrentQuestion } from '../utils/quiz-state';
import { formatRemaining, timerColor } from '../utils/timer';

export const optionLetter = (index: number) => String.fromCharCode(65 + index);

interface QuestionViewProps {
  question: CurrentQuestion;
  selection: number | null;
  sending: boolean;
  error: string | null;
  onChoose: (option: number) => void;
  onTimeUp: (questionId: string) => void;
}

/** Step 6: the question, its countdown and one big button per option. */
export function QuestionView({
  question,
  selection,
  sending,
  error,
  onChoose,
  onTimeUp,
}: QuestionViewProps) {
  const locked = sending || selection !== null;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} c="dimmed" size="sm">
          {questionOfText(question.question_number, question.total_questions)}
        </Text>
        {selection !== null && (
          <Badge variant="light" color="blue">
            {sending ? 'Sending…' : 'Answer submitted'}
          </Badge>
        )}
      </Group>
      <Countdown question={question} onTimeUp={onTimeUp} />
      <Title order={1} size="h3">
        {question.question}
      </Title>
      <Stack gap="sm" role="group" aria-label="Options">
        {question.options.map((option, index) => (
          <Button
            key={index}
            size="xl"
            fullWidth
            variant={selection === index ? 'filled' : 'light'}
            disabled={locked}
            // Says which option was picked in words, not only by its colour.
            aria-pressed={selection === index}
            loading={sending && selection === index}
            onClick={() => onChoose(index)}
            justify="flex-start"
            // The letter is for the eye (and the results list); the option's name is its text.
            leftSection={
              <Text component="span" fw={800} aria-hidden>
                {optionLetter(index)}
              </Text>
            }
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            h="auto"
            mih={64}
            py="sm"
          >
            {option}
          </Button>
        ))}
      </Stack>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

interface CountdownProps {
  question: CurrentQuestion;
  onTimeUp: (questionId: string) => void;
}

/** Ticks every QUIZ.tickMs against the deadline, so a slow tick never stretches the time. */
function Countdown({ question, onTimeUp }: CountdownProps) {
  const [remaining, setRemaining] = useState(question.remainingAtArrival);
  const total = question.time_limit * 1000;

  useEffect(() => {
    const tick = setInterval(() => {
      const left = Math.max(0, question.deadline - Date.now());
      setRemaining(left);
      if (left === 0) {
        clearInterval(tick);
        onTimeUp(question.question_id);
      }
    }, QUIZ.tickMs);
    return () => clearInterval(tick);
  }, [question.deadline, question.question_id, onTimeUp]);

  const color = timerColor(remaining, total);
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Group gap={4}>
          <IconClock size={18} aria-hidden />
          <Text size="sm" c="dimmed">
            Time left
          </Text>
        </Group>
        <Text fw={800} size="lg" c={`${color}.8`}>
          {formatRemaining(remaining)}
        </Text>
      </Group>
      <Progress
        value={total > 0 ? (remaining / total) * 100 : 0}
        color={color}
        size="lg"
        radius="xl"
        aria-label="Time left"
        transitionDuration={QUIZ.tickMs}
      />
    </Stack>
  );
}
