import {
  QUIZ,
  questionOfText,
  type QuestionPicture,
  type QuizAnswerValue,
} from '@alumnet/contract';
import { Alert, AspectRatio, Badge, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconFlame } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { CurrentQuestion } from '../utils/quiz-state';
import { formatRemaining, timerColor } from '../utils/timer';
import { AnswerInput } from './answer-inputs';

interface QuestionViewProps {
  question: CurrentQuestion;
  selection: QuizAnswerValue | null;
  sending: boolean;
  error: string | null;
  onAnswer: (answer: QuizAnswerValue) => void;
  onTimeUp: (questionId: string) => void;
}

/**
 * Step 6: the question, its countdown, its picture if it has one and the way to answer it (one
 * big button per option for the spec's single choice). The live game and a challenge share it.
 */
export function QuestionView({
  question,
  selection,
  sending,
  error,
  onAnswer,
  onTimeUp,
}: QuestionViewProps) {
  return (
    <Stack gap="md">
      <QuestionHeading question={question}>
        {selection !== null && (
          <Badge variant="light" color="blue">
            {sending ? 'Sending…' : 'Answer submitted'}
          </Badge>
        )}
      </QuestionHeading>
      <Countdown question={question} onTimeUp={onTimeUp} />
      {question.image && <QuestionImage image={question.image} />}
      <Title order={1} size="h3">
        {question.question}
      </Title>
      <AnswerInput
        question={question}
        selection={selection}
        sending={sending}
        onAnswer={onAnswer}
      />
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** "Question N of M", the double points badge, and whatever the screen adds on the right. */
export function QuestionHeading({
  question,
  children,
}: {
  question: Pick<CurrentQuestion, 'question_number' | 'total_questions' | 'double_points'>;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} c="dimmed" size="sm">
          {questionOfText(question.question_number, question.total_questions)}
        </Text>
        {question.double_points && (
          <Badge color="grape" variant="filled" leftSection={<IconFlame size={14} aria-hidden />}>
            Double points
          </Badge>
        )}
      </Group>
      {children}
    </Group>
  );
}

/**
 * The question's picture, fitted whole into a fixed 16:9 frame: the frame takes its space
 * before the image loads, so the options do not jump under the player's thumb.
 */
export function QuestionImage({ image }: { image: QuestionPicture }) {
  return (
    <AspectRatio
      ratio={16 / 9}
      w="100%"
      bg="gray.1"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
    >
      <img
        src={image.url}
        alt={image.alt}
        decoding="async"
        style={{ objectFit: 'contain', width: '100%', height: '100%' }}
      />
    </AspectRatio>
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
