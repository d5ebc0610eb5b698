import { QUIZ_PLAY_MESSAGES, type HostState } from '@alumnet/contract';
import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Countdown } from './countdown';
import { OPTION_COLOURS, optionLetter } from './option-letter';
import { QuestionHeading, QuestionImage } from './question-heading';

/** While a question runs: the question, its picture, its options, the time left and how many answered. */
export function GameQuestion({
  state,
  question,
}: {
  state: HostState;
  question: NonNullable<HostState['question']>;
}) {
  const { answers_count: answered, total_players: players } = state;
  const kind = question.kind ?? 'single';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <QuestionHeading state={state} question={question} size="asking" />
        <Countdown
          // A new state restarts the count from the server's figure.
          key={`${state.question_number}:${question.remaining_ms}`}
          remainingMs={question.remaining_ms}
          limitSeconds={question.time_limit}
        />
      </Group>
      <QuestionImage question={question} height="45vh" />
      {kind === 'typed' ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Text fw={600} fz={{ base: 18, sm: 24 }} ta="center">
            Type your answer on your phone
          </Text>
        </Paper>
      ) : (
        <>
          {kind === 'order' && (
            <Text fw={600} fz={{ base: 16, sm: 20 }}>
              {QUIZ_PLAY_MESSAGES.putInOrder}
            </Text>
          )}
          {kind === 'multiple' && (
            <Text fw={600} fz={{ base: 16, sm: 20 }}>
              {QUIZ_PLAY_MESSAGES.chooseAll}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {question.options.map((option, i) => (
              <Paper
                key={i}
                radius="md"
                p={{ base: 'sm', sm: 'lg' }}
                bg={`${OPTION_COLOURS[i % OPTION_COLOURS.length]}.6`}
                c="white"
              >
                <Text fw={700} fz={{ base: 18, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
                  {optionLetter(i)}. {option}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </>
      )}
      <Stack gap={6}>
        <Text fw={600} aria-live="polite">
          {answered} / {players} answered
        </Text>
        <Progress
          value={players > 0 ? (answered / players) * 100 : 0}
          size="lg"
          aria-label="Answers received"
        />
      </Stack>
    </Stack>
  );
}
