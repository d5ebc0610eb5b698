import type { QuizSummary } from '@alumnet/contract';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconCalendarClock,
  IconEdit,
  IconPlayerPlay,
  IconPresentation,
  IconTrash,
} from '@tabler/icons-react';
import { formatDateTime } from '../../../../lib/format-date';

export type QuizRowAction = (
  action: 'edit' | 'delete' | 'start' | 'challenge' | 'resume',
  quiz: QuizSummary,
) => void;

/** One card per quiz: at 390 px its buttons wrap under the title instead of scrolling sideways. */
export function QuizList({
  quizzes,
  onAction,
}: {
  quizzes: QuizSummary[];
  onAction: QuizRowAction;
}) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Quizzes">
      {quizzes.map((quiz) => (
        <Paper key={quiz._id} component="li" withBorder radius="md" p="md" aria-label={quiz.title}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
              <Group gap="xs">
                <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                  {quiz.title}
                </Text>
                {quiz.liveCode && (
                  <Badge color="green" variant="light">
                    Live: {quiz.liveCode}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {quiz.questionCount === 1 ? '1 question' : `${quiz.questionCount} questions`} ·
                Created {formatDateTime(quiz.createdAt)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="wrap">
              {quiz.liveCode && (
                <Button
                  size="xs"
                  color="green"
                  leftSection={<IconPresentation size={14} />}
                  onClick={() => onAction('resume', quiz)}
                >
                  Resume game
                </Button>
              )}
              <Button
                size="xs"
                variant={quiz.liveCode ? 'light' : 'filled'}
                leftSection={<IconPlayerPlay size={14} />}
                onClick={() => onAction('start', quiz)}
              >
                Start game
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCalendarClock size={14} />}
                onClick={() => onAction('challenge', quiz)}
              >
                Assign as challenge
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                onClick={() => onAction('edit', quiz)}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onAction('delete', quiz)}
              >
                Delete
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
