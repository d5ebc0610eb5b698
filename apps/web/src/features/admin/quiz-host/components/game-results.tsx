import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { QUIZ, type HostState } from '@alumnet/contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LeaderboardTable } from './leaderboard-table';
import { optionLetter } from './option-letter';
import { QuestionHeading, QuestionImage } from './question-heading';

type Question = NonNullable<HostState['question']>;

/** The options that were right: one for single choice and true/false, every one for several. */
const rightOptions = (question: Question): number[] => {
  const kind = question.kind ?? 'single';
  if (kind === 'poll' || kind === 'typed' || kind === 'order') return [];
  if (question.correct_options && question.correct_options.length > 0)
    return question.correct_options;
  return question.correct_answer >= 0 ? [question.correct_answer] : [];
};

/**
 * Between questions: how the room answered, what was right, and who leads (teams too, in team
 * mode). The chart stacks two series so the right options' bars alone are green; the list under
 * it says the same in words.
 */
export function GameResults({ state, question }: { state: HostState; question: Question }) {
  const kind = question.kind ?? 'single';
  const teams = state.teams ?? [];
  return (
    <Stack gap="lg">
      <QuestionHeading state={state} question={question} size="results" />
      <QuestionImage question={question} height="25vh" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          {kind === 'typed' ? (
            <TypedResults state={state} question={question} />
          ) : kind === 'order' ? (
            <OrderResults question={question} />
          ) : (
            <OptionResults state={state} question={question} />
          )}
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            {teams.length > 0 && (
              <div>
                <Title order={3} size="h4" mb="sm">
                  Teams
                </Title>
                <LeaderboardTable top={teams} caption="Team standings" />
              </div>
            )}
            <div>
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
            </div>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/** Single choice, true/false, several right answers and polls: how many chose each option. */
function OptionResults({ state, question }: { state: HostState; question: Question }) {
  const poll = question.kind === 'poll';
  const right = new Set(rightOptions(question));
  const counts = question.options.map((_, i) => state.distribution[i] ?? 0);
  const data = counts.map((count, i) => ({
    option: optionLetter(i),
    correct: right.has(i) ? count : 0,
    other: right.has(i) ? 0 : count,
  }));
  return (
    <Stack gap="md">
      <BarChart
        h={240}
        data={data}
        dataKey="option"
        type="stacked"
        series={
          poll
            ? [{ name: 'other', label: 'Votes', color: 'blue.6' }]
            : [
                { name: 'correct', label: 'Correct answer', color: 'teal.6' },
                { name: 'other', label: 'Other answers', color: 'gray.5' },
              ]
        }
        withTooltip={false}
        tickLine="y"
        yAxisProps={{ allowDecimals: false }}
      />
      <Stack gap={6} component="ol" p={0} m={0} aria-label="Answers" style={{ listStyle: 'none' }}>
        {question.options.map((option, i) => (
          <Group key={i} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text fw={600}>{optionLetter(i)}.</Text>
              <Text style={{ overflowWrap: 'anywhere' }}>{option}</Text>
              {right.has(i) && (
                <Badge color="teal" leftSection={<IconCheck size={12} />}>
                  Correct
                </Badge>
              )}
            </Group>
            <Text fw={600} aria-label={`${counts[i]} ${poll ? 'votes' : 'answers'}`}>
              {counts[i]}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** A typed answer: what was accepted, and what the room typed, most given first. */
function TypedResults({ state, question }: { state: HostState; question: Question }) {
  const typed = state.typed_answers ?? [];
  return (
    <Stack gap="md">
      <div>
        <Text fw={600} mb={4}>
          Accepted answers
        </Text>
        <Group
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Accepted answers"
        >
          {(question.accepted_answers ?? []).map((answer) => (
            <Badge key={answer} component="li" color="teal" size="lg" tt="none">
              {answer}
            </Badge>
          ))}
        </Group>
      </div>
      <div>
        <Text fw={600} mb={4}>
          What players typed
        </Text>
        {typed.length === 0 ? (
          <Text c="dimmed">Nobody typed an answer.</Text>
        ) : (
          <Stack
            gap={6}
            component="ol"
            p={0}
            m={0}
            aria-label="Typed answers"
            style={{ listStyle: 'none' }}
          >
            {typed.map((entry) => (
              <Group key={entry.text} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <Text style={{ overflowWrap: 'anywhere' }}>{entry.text}</Text>
                  {entry.correct && (
                    <Badge color="teal" leftSection={<IconCheck size={12} />}>
                      Correct
                    </Badge>
                  )}
                </Group>
                <Text fw={600} aria-label={`${entry.count} answers`}>
                  {entry.count}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

/** An order question: the items in their right order. */
function OrderResults({ question }: { question: Question }) {
  const order = question.correct_order ?? question.options.map((_, i) => i);
  return (
    <Stack gap="xs">
      <Text fw={600}>The right order</Text>
      <Stack
        gap={6}
        component="ol"
        p={0}
        m={0}
        aria-label="Right order"
        style={{ listStyle: 'none' }}
      >
        {order.map((index, place) => (
          <Group key={index} component="li" gap="xs" wrap="nowrap">
            <Badge color="teal" variant="filled" circle>
              {place + 1}
            </Badge>
            <Text style={{ overflowWrap: 'anywhere' }}>{question.options[index]}</Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
