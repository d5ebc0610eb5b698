import type { EventSummary } from '@alumnet/contract';
import { Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconUsers, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathTo, paths } from '../../../config/paths';
import { eventWhen, goingLine, zoneName } from '../../../lib/event-time';
import { EventCover } from './event-cover';
import { RsvpBadges } from './rsvp-badge';
import classes from './events.module.css';

/** One event of the list: its cover, title, when (the reader's zone), where, who and the counts. */
export function EventCard({ event, timeZone }: { event: EventSummary; timeZone: string }) {
  const titleId = `event-${event.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="md"
      data-event-id={event.id}
      style={event.cancelled ? { opacity: 0.75 } : undefined}
    >
      <Card.Section>
        <EventCover picture={event.coverPicture} title={event.title} height={140} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group gap={6}>
          <RsvpBadges event={event} />
        </Group>
        <Text
          component={Link}
          to={pathTo(paths.event, { id: event.id })}
          fw={700}
          size="lg"
          id={titleId}
          className={`${classes.title} ${classes.cardLink}`}
        >
          {event.title}
        </Text>
        <Text size="sm" data-testid="event-when">
          <time dateTime={event.startsAt}>{eventWhen(event.startsAt, event.endsAt, timeZone)}</time>{' '}
          <Text span c="dimmed" size="xs">
            {zoneName(event.startsAt, timeZone)}
          </Text>
        </Text>
        <Group gap={6} wrap="nowrap" c="dimmed">
          {event.online ? <IconVideo size={16} /> : <IconMapPin size={16} />}
          <Text size="sm" lineClamp={1}>
            {event.online ? 'Online' : (event.venue ?? 'Venue to be announced')}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconUsers size={16} />
          <Text size="sm">
            {event.audience.name} · {goingLine(event)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
