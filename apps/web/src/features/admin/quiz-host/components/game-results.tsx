import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { QUIZ, questionOfText, type HostState } from '@alumnet/contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LeaderboardTable } from './leaderboard-table';
import { optionLetter } from './option-letter';

/**
 * Between questions: how the room answered and who leads. The chart stacks two series so the
 * correct option's bar alone is green; the list under it says the same in words.
 */
export function GameResults({
  state,
  question,
}: {
  state: HostState;
  question: NonNullable<HostState['question']>;
}) {
  const correct = question.correct_answer;
  const counts = question.options.map((_, i) => state.distribution[i] ?? 0);
  const data = counts.map((count, i) => ({
    option: optionLetter(i),
    correct: i === correct ? count : 0,
    other: i === correct ? 0 : count,
  }));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text c="dimmed" fw={600}>
          {questionOfText(state.question_number, state.total_questions)}
        </Text>
        <Title order={2} fz={{ base: 22, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
          {question.question}
        </Title>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <BarChart
              h={240}
              data={data}
              dataKey="option"
              type="stacked"
              series={[
                { name: 'correct', label: 'Correct answer', color: 'teal.6' },
                { name: 'other', label: 'Other answers', color: 'gray.5' },
              ]}
              withTooltip={false}
              tickLine="y"
              yAxisProps={{ allowDecimals: false }}
            />
            <Stack
              gap={6}
              component="ol"
              p={0}
              m={0}
              aria-label="Answers"
              style={{ listStyle: 'none' }}
            >
              {question.options.map((option, i) => (
                <Group key={i} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <Text fw={600}>{optionLetter(i)}.</Text>
                    <Text style={{ overflowWrap: 'anywhere' }}>{option}</Text>
                    {i === correct && (
                      <Badge color="teal" leftSection={<IconCheck size={12} />}>
                        Correct
                      </Badge>
                    )}
                  </Group>
                  <Text fw={600} aria-label={`${counts[i]} answers`}>
                    {counts[i]}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h4" mb="sm">
            Top {QUIZ.leaderboardSize}
          </Title>
          {state.top.length === 0 ? (
            <Text c="dimmed">No points scored yet.</Text>
          ) : (
            <LeaderboardTable
              top={state.top.slice(0, QUIZ.leaderboardSize)}
              caption="Leaderboard"
            />
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
