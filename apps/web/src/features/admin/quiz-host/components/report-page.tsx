import { API, QUESTION_KIND_LABELS, normalizeQuizCode, type QuizReport } from '@alumnet/contract';
import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { formatDateTime } from '../../../../lib/format-date';
import { GameNotLoaded } from './game-not-loaded';
import { AdminOnly } from '../../shared/components/admin-only';
import { PageHeader } from '../../shared/components/page-header';
import { reportQuery } from '../api/game';

/** `/dashboard/quiz/game/:code/report`: a game afterwards, question by question and player by player. */
export function ReportPage() {
  return (
    <AdminOnly>
      <Report />
    </AdminOnly>
  );
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function Report() {
  const code = normalizeQuizCode(useParams().code ?? '');
  const report = useQuery(reportQuery(code));
  const data = report.data;

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <PageHeader
        back={paths.quizHost}
        backLabel="Quizzes"
        title={data ? `Report: ${data.title}` : `Report of game ${code}`}
        description={
          data
            ? `${data.kind === 'live' ? 'Live game' : 'Challenge'} ${data.code} · ${formatDateTime(data.playedAt)}${
                data.deadline ? ` · closes ${formatDateTime(data.deadline)}` : ''
              }`
            : undefined
        }
      >
        {data && (
          <Button
            component="a"
            href={API.quizHost.results(data.code)}
            download
            leftSection={<IconDownload size={16} />}
          >
            Download results (CSV)
          </Button>
        )}
      </PageHeader>
      {data ? (
        <ReportBody report={data} />
      ) : report.isError ? (
        <GameNotLoaded code={code} error={report.error} fallback="Could not load the report." />
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading the report" />
        </Center>
      )}
    </Stack>
  );
}

function ReportBody({ report }: { report: QuizReport }) {
  const { settings } = report;
  const withTeams = report.players.some((p) => p.team !== null);
  return (
    <Stack gap="xl">
      <Group gap="xs">
        <Badge variant="light">
          {report.players.length === 1 ? '1 player' : `${report.players.length} players`}
        </Badge>
        {report.status !== 'finished' && (
          <Badge variant="light" color="orange">
            Still running
          </Badge>
        )}
        <Badge variant="light" color="gray">
          Speed scoring {settings.speedScoring ? 'on' : 'off'}
        </Badge>
        <Badge variant="light" color="gray">
          Streak bonus {settings.streakBonus ? 'on' : 'off'}
        </Badge>
        {settings.teams && (
          <Badge variant="light" color="gray">
            {settings.teams.count} teams
          </Badge>
        )}
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="report-questions">
        <Title order={2} size="h3" id="report-questions">
          Questions
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {report.questions.map((q) => (
            <QuestionFigures key={q.number} question={q} />
          ))}
        </SimpleGrid>
      </Stack>

      {report.teams && report.teams.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="report-teams">
          <Title order={2} size="h3" id="report-teams">
            Teams
          </Title>
          <Text size="sm" c="dimmed">
            A team&apos;s score is the mean of its members&apos; points.
          </Text>
          <Table.ScrollContainer minWidth={360}>
            <Table striped aria-label="Team standings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>Rank</Table.Th>
                  <Table.Th>Team</Table.Th>
                  <Table.Th ta="right">Members</Table.Th>
                  <Table.Th ta="right">Score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.teams.map((team) => (
                  <Table.Tr key={team.name}>
                    <Table.Td>{team.rank}</Table.Td>
                    <Table.Td>{team.name}</Table.Td>
                    <Table.Td ta="right">{team.members}</Table.Td>
                    <Table.Td ta="right">{team.score}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}

      <Stack gap="sm" component="section" aria-labelledby="report-players">
        <Title order={2} size="h3" id="report-players">
          Players
        </Title>
        {report.players.length === 0 ? (
          <Text c="dimmed">Nobody played.</Text>
        ) : (
          <Table.ScrollContainer minWidth={withTeams ? 640 : 560}>
            <Table striped aria-label="Players">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>Rank</Table.Th>
                  <Table.Th>Name</Table.Th>
                  {withTeams && <Table.Th>Team</Table.Th>}
                  <Table.Th ta="right">Right</Table.Th>
                  <Table.Th ta="right">Wrong</Table.Th>
                  <Table.Th ta="right">Unanswered</Table.Th>
                  <Table.Th ta="right">Points</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.players.map((p) => (
                  <Table.Tr key={`${p.rank}-${p.email}`}>
                    <Table.Td>{p.rank}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.name}</Table.Td>
                    {withTeams && <Table.Td>{p.team ?? '—'}</Table.Td>}
                    <Table.Td ta="right">{p.right}</Table.Td>
                    <Table.Td ta="right">{p.wrong}</Table.Td>
                    <Table.Td ta="right">{p.unanswered}</Table.Td>
                    <Table.Td ta="right">{p.points}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}

/** One question's figures and how its answers spread, the right ones in green. */
function QuestionFigures({ question: q }: { question: QuizReport['questions'][number] }) {
  const most = Math.max(1, ...q.distribution.map((d) => d.count));
  const label = `Question ${q.number}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-label={label}
      style={
        q.mostMissed ? { borderColor: 'var(--mantine-color-red-5)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap="sm">
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {q.number}. {q.question}
          </Text>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {QUESTION_KIND_LABELS[q.kind]}
          </Badge>
        </Group>
        {q.mostMissed && (
          <Badge color="red" w="fit-content">
            Most missed
          </Badge>
        )}
        {!q.asked ? (
          <Text c="dimmed" size="sm">
            The game ended before this question.
          </Text>
        ) : (
          <>
            <Group gap="lg">
              <Figure
                label="Right"
                value={
                  q.kind === 'poll' ? 'Poll' : q.shareRight === null ? '—' : percent(q.shareRight)
                }
              />
              <Figure
                label="Mean time"
                value={q.meanTimeMs === null ? '—' : seconds(q.meanTimeMs)}
              />
              <Figure label="Answered" value={String(q.answered)} />
            </Group>
            {q.distribution.length > 0 && (
              <Stack
                gap={6}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={`Answers to question ${q.number}`}
              >
                {q.distribution.map((d, i) => (
                  <Stack key={`${i}-${d.label}`} component="li" gap={2}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Group gap={4} wrap="nowrap" miw={0}>
                        {d.correct && (
                          <IconCheck
                            size={14}
                            color="var(--mantine-color-teal-6)"
                            aria-label="Right"
                          />
                        )}
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {d.label}
                        </Text>
                      </Group>
                      <Text size="sm" fw={600}>
                        {d.count}
                      </Text>
                    </Group>
                    <Progress
                      value={(d.count / most) * 100}
                      color={d.correct ? 'teal' : 'gray'}
                      size="sm"
                      aria-label={`${d.label}: ${d.count}`}
                    />
                  </Stack>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Stack>
  );
}
