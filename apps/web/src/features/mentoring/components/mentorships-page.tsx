import type { MentorshipSummary } from '@alumnet/contract';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconListCheck, IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathTo, paths } from '../../../config/paths';
import { mentorshipsQuery } from '../api/mentoring';
import { MentoringFrame } from './mentoring-frame';
import { day } from './mentoring-text';
import { PersonLine } from './person-line';
import classes from './mentoring.module.css';

/** `/mentoring/mentorships`: the member's mentorships, as mentor and as mentee, active first. */
export function MentorshipsPage() {
  return (
    <MentoringFrame
      title="Mentorships"
      description="The people you mentor and the mentors you learn from: goals, sessions and how each went."
    >
      <Mentorships />
    </MentoringFrame>
  );
}

function Mentorships() {
  const query = useQuery(mentorshipsQuery);
  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy aria-label="Loading mentorships">
        <Skeleton h={160} radius="md" />
        <Skeleton h={160} radius="md" />
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return <Alert color="red">The mentorships could not be loaded. Please try again.</Alert>;
  }
  const list = query.data.mentorships;
  const active = list.filter((m) => !m.endedAt);
  const ended = list.filter((m) => m.endedAt);
  if (list.length === 0) {
    return (
      <Text c="dimmed">
        No mentorships yet. A request a mentor accepts becomes one.{' '}
        <Anchor component={Link} to={paths.mentoring}>
          Find a mentor
        </Anchor>
      </Text>
    );
  }
  return (
    <Stack gap="xl">
      {active.length > 0 && <Section id="active" title="Active" mentorships={active} />}
      {ended.length > 0 && <Section id="ended" title="Ended" mentorships={ended} />}
    </Stack>
  );
}

function Section({
  id,
  title,
  mentorships,
}: {
  id: string;
  title: string;
  mentorships: MentorshipSummary[];
}) {
  return (
    <Stack component="section" aria-labelledby={`mentorships-${id}`} gap="sm">
      <Title order={2} size="h4" id={`mentorships-${id}`}>
        {title} ({mentorships.length})
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {mentorships.map((m) => (
          <MentorshipCard key={m.id} mentorship={m} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function MentorshipCard({ mentorship: m }: { mentorship: MentorshipSummary }) {
  const asMentor = m.myRole === 'mentor';
  const other = asMentor ? m.mentee : m.mentor;
  const to = pathTo(paths.mentorship, { id: m.id });
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      aria-label={`Mentorship with ${other.fullName}`}
      data-mentorship-id={m.id}
    >
      <Stack gap="sm" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <PersonLine person={other} role={asMentor ? 'Your mentee' : 'Your mentor'} />
          <Badge
            variant="light"
            color={asMentor ? 'grape' : 'blue'}
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {asMentor ? 'As mentor' : 'As mentee'}
          </Badge>
        </Group>
        <Text fw={500} lineClamp={2} className={classes.prose} style={{ flex: 1 }}>
          {m.goal}
        </Text>
        <Group gap="md" c="dimmed">
          <Group gap={4} wrap="nowrap">
            <IconListCheck size={16} aria-hidden />
            <Text size="sm">
              Goals {m.goalsDone}/{m.goalsTotal}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconMessages size={16} aria-hidden />
            <Text size="sm">{m.sessions === 1 ? '1 session' : `${m.sessions} sessions`}</Text>
          </Group>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Since {day(m.startedAt)}
            {m.endedAt && ` · ended ${day(m.endedAt)}`}
          </Text>
          <Anchor component={Link} to={to} size="sm" fw={600}>
            Open
            <VisuallyHidden> the mentorship with {other.fullName}</VisuallyHidden>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
