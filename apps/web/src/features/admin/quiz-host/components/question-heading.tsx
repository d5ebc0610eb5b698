import { QUESTION_KIND_LABELS, questionOfText, type HostState } from '@alumnet/contract';
import { Badge, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';

type Question = NonNullable<HostState['question']>;

/** The question as the room reads it: which one, its kind, double points and its text. */
export function QuestionHeading({
  state,
  question,
  size,
}: {
  state: HostState;
  question: Question;
  size: 'asking' | 'results';
}) {
  const kind = question.kind ?? 'single';
  return (
    <Stack gap={4} miw={0}>
      <Group gap="xs">
        <Text c="dimmed" fw={600}>
          {questionOfText(state.question_number, state.total_questions)}
        </Text>
        {kind !== 'single' && (
          <Badge variant="light" color="gray">
            {QUESTION_KIND_LABELS[kind]}
          </Badge>
        )}
        {question.double_points && (
          <Badge color="orange" leftSection={<IconBolt size={12} />}>
            Double points
          </Badge>
        )}
      </Group>
      <Title
        order={2}
        fz={size === 'asking' ? { base: 24, sm: 36 } : { base: 22, sm: 32 }}
        style={{ overflowWrap: 'anywhere' }}
      >
        {question.question}
      </Title>
    </Stack>
  );
}

/** The question's picture, as large as the screen allows while the options still fit under it. */
export function QuestionImage({ question, height }: { question: Question; height: string }) {
  if (!question.image) return null;
  return (
    <Image
      src={question.image.url}
      alt={question.image.alt}
      mah={height}
      w="auto"
      maw="100%"
      fit="contain"
      radius="md"
      mx="auto"
    />
  );
}
