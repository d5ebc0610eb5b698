import type { ProgrammeFigures } from '@alumnet/contract';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { daysLabel, hoursLabel, rateLabel, ratingLabel } from '../utils/format';

function Figure({ label, value, note }: { label: string; value: string | number; note: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz={28} lh={1.3}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

/** The college's figures at a glance. */
export function HeadlineFigures({ figures: f }: { figures: ProgrammeFigures }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      <Figure
        label="Mentors"
        value={f.mentors}
        note={`${f.takingRequests} taking requests, ${f.atCapacity} at capacity`}
      />
      <Figure
        label="Open requests"
        value={f.openRequests}
        note={f.oldestOpenDays === null ? 'None waiting' : `Oldest: ${daysLabel(f.oldestOpenDays)}`}
      />
      <Figure
        label="Time to answer"
        value={hoursLabel(f.medianHoursToAnswer)}
        note="Median, request to answer"
      />
      <Figure label="Acceptance" value={rateLabel(f.acceptanceRate)} note="Of answered requests" />
      <Figure
        label="Mentorships"
        value={f.activeMentorships}
        note={`Active; ${f.endedMentorships} ended`}
      />
      <Figure
        label="Average rating"
        value={ratingLabel(f.averageRating)}
        note="Both sides, at the ending"
      />
    </SimpleGrid>
  );
}
