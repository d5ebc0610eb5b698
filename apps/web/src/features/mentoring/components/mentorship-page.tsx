import type { MentorshipDetail } from '@alumnet/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Flex,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { meQuery } from '../../../lib/session';
import { mentorshipQuery } from '../api/mentoring';
import { MentorshipEnding } from './mentorship-ending';
import { MentorshipGoals } from './mentorship-goals';
import { MentorshipSessions } from './mentorship-sessions';
import { day } from './mentoring-text';
import { PersonLine } from './person-line';
import classes from './mentoring.module.css';

/** `/mentoring/mentorships/{id}`: the two people, the goals, the sessions and the ending. */
export function MentorshipPage() {
  const { data } = useSuspenseQuery(meQuery);
  return <MemberLayout>{data.user && <MentorshipScreen />}</MemberLayout>;
}

function MentorshipScreen() {
  const { id = '' } = useParams();
  const query = useQuery(mentorshipQuery(id));
  if (query.isPending) {
    return (
      <Stack maw={1100} mx="auto" aria-busy aria-label="Loading the mentorship">
        <Skeleton h={200} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }
  if (query.isError) {
    const refused = query.error instanceof ApiRequestError && query.error.status > 0;
    return (
      <Stack maw={640} mx="auto" gap="sm">
        <Alert color={refused ? 'yellow' : 'red'} title="This mentorship cannot be shown">
          {refused ? query.error.message : 'The mentorship could not be loaded. Please try again.'}
        </Alert>
        <Anchor component={Link} to={paths.mentorships}>
          See your mentorships
        </Anchor>
      </Stack>
    );
  }
  return <MentorshipContent mentorship={query.data.mentorship} />;
}

function MentorshipContent({ mentorship: m }: { mentorship: MentorshipDetail }) {
  const other = m.myRole === 'mentor' ? m.mentee : m.myRole === 'mentee' ? m.mentor : null;
  const ended = m.endedAt !== null;
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Anchor component={Link} to={paths.mentorships} size="sm">
        ← All mentorships
      </Anchor>
      {m.myRole === null && (
        <Alert color="blue" title="Read only">
          You are reading this mentorship as an admin of the college; only the two people in it can
          change it.
        </Alert>
      )}
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="article"
        aria-labelledby="mentorship-title"
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            {/* The goal takes the row; on a phone the conversation's button goes under it. */}
            <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
              <Group gap="xs">
                <Badge color={ended ? 'gray' : 'green'} variant="light" tt="none">
                  {m.endedAt ? `Ended ${day(m.endedAt)}` : 'Active'}
                </Badge>
                <Text size="xs" c="dimmed">
                  Since {day(m.startedAt)}
                </Text>
              </Group>
              <Title order={1} size="h3" id="mentorship-title" className={classes.prose}>
                {m.goal}
              </Title>
            </Stack>
            {other && (
              <Button
                component={Link}
                to={`${paths.chat}?with=${encodeURIComponent(other.id)}`}
                leftSection={<IconMessageCircle size={18} />}
                variant="light"
              >
                Open conversation
              </Button>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <PersonLine
              person={m.mentor}
              role={m.myRole === 'mentor' ? 'Mentor (you)' : 'Mentor'}
              size={44}
            />
            <PersonLine
              person={m.mentee}
              role={m.myRole === 'mentee' ? 'Mentee (you)' : 'Mentee'}
              size={44}
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      <Flex direction={{ base: 'column', md: 'row' }} gap="md" align="flex-start">
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }} w="100%">
          <MentorshipGoals mentorship={m} />
          <MentorshipSessions mentorship={m} />
        </Stack>
        <Stack gap="md" w={{ base: '100%', md: 360 }} style={{ flexShrink: 0 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="start-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="start-title">
                How it started
              </Title>
              <Stack gap={2}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {m.mentee.fullName} asked
                </Text>
                <Text size="sm" className={classes.prose}>
                  {m.message}
                </Text>
              </Stack>
              {m.firstNote && (
                <Stack gap={2}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                    {m.mentor.fullName} answered
                  </Text>
                  <Text size="sm" className={classes.prose}>
                    {m.firstNote}
                  </Text>
                </Stack>
              )}
            </Stack>
          </Paper>
          <MentorshipEnding mentorship={m} />
        </Stack>
      </Flex>
    </Stack>
  );
}
