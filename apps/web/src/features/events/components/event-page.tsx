import { API, imageUrl, type EventDetail } from '@alumnet/contract';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Flex,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarDown, IconClock, IconMapPin, IconUsers, IconVideo } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { eventWhen, goingLine, sameClock, zoneName } from '../../../lib/event-time';
import { safeHtml } from '../../../lib/safe-html';
import { meQuery } from '../../../lib/session';
import { useTimeZone } from '../../../lib/time-zone';
import { eventQuery } from '../api/events';
import { EventCover } from './event-cover';
import { EventOrganiserBar } from './event-organiser-bar';
import { EventRsvp } from './event-rsvp';
import { EventTicket } from './event-ticket';
import { RsvpBadges } from './rsvp-badge';
import classes from './events.module.css';

/** `/events/{id}` (issue 28): when, where, what; the member's answer and ticket. */
export function EventPage() {
  const { data } = useSuspenseQuery(meQuery);
  return <MemberLayout>{data.user && <EventScreen />}</MemberLayout>;
}

function EventScreen() {
  const { id = '' } = useParams();
  const query = useQuery(eventQuery(id));
  if (query.isPending) {
    return (
      <Stack maw={960} mx="auto" aria-busy aria-label="Loading the event">
        <Skeleton h={240} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }
  if (query.isError) {
    const refused = query.error instanceof ApiRequestError && query.error.status > 0;
    return (
      <Stack maw={640} mx="auto" gap="sm">
        <Alert color={refused ? 'yellow' : 'red'} title="This event cannot be shown">
          {refused ? query.error.message : 'The event could not be loaded. Please try again.'}
        </Alert>
        <Anchor component={Link} to={paths.events}>
          See all events
        </Anchor>
      </Stack>
    );
  }
  return <EventContent event={query.data.event} />;
}

function EventContent({ event }: { event: EventDetail }) {
  const timeZone = useTimeZone();
  const html = useMemo(() => safeHtml(event.description), [event.description]);
  const otherZone = !sameClock(event.startsAt, timeZone, event.timeZone);

  return (
    <Stack maw={960} mx="auto" gap="md">
      <Anchor component={Link} to={paths.events} size="sm">
        ← All events
      </Anchor>
      {event.cancelled && (
        <Alert color="red" variant="filled" title="This event was cancelled" role="alert">
          RSVPs are closed.
        </Alert>
      )}
      <Paper
        withBorder
        radius="lg"
        style={{ overflow: 'hidden' }}
        component="article"
        aria-labelledby="event-title"
      >
        <EventCover picture={event.coverPicture} title={event.title} height={220} />
        <Stack gap="sm" p={{ base: 'md', sm: 'lg' }}>
          <Group gap={6}>
            <RsvpBadges event={event} />
            <Badge variant="light" color="grape">
              For {event.audience.name}
            </Badge>
          </Group>
          <Title order={1} size="h2" id="event-title" className={classes.title}>
            {event.title}
          </Title>
          {event.mayOrganise && <EventOrganiserBar event={event} />}
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconClock size={20} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Stack gap={0}>
              <Text fw={600} data-testid="event-when">
                <time dateTime={event.startsAt}>
                  {eventWhen(event.startsAt, event.endsAt, timeZone)}
                </time>{' '}
                <Text span size="sm" c="dimmed">
                  {zoneName(event.startsAt, timeZone)}
                </Text>
              </Text>
              {otherZone && (
                <Text size="sm" c="dimmed" data-testid="event-when-local">
                  {eventWhen(event.startsAt, event.endsAt, event.timeZone)}{' '}
                  {zoneName(event.startsAt, event.timeZone)} ({event.timeZone}), where it is held
                </Text>
              )}
            </Stack>
          </Group>
          <EventPlace event={event} />
          <Group gap="xs" wrap="nowrap">
            <IconUsers size={20} style={{ flexShrink: 0 }} aria-hidden />
            <Text>{goingLine(event)}</Text>
          </Group>
          {!event.cancelled && (
            <Button
              component="a"
              href={API.events.ics(event.id)}
              download
              variant="default"
              leftSection={<IconCalendarDown size={18} />}
              w="fit-content"
            >
              Add to calendar
            </Button>
          )}
        </Stack>
      </Paper>

      <Flex direction={{ base: 'column', md: 'row' }} gap="md" align="flex-start">
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }} w="100%">
          {html && (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              {/* Sanitized on the server before it was stored and again here (safeHtml). */}
              <div className={classes.description} dangerouslySetInnerHTML={{ __html: html }} />
            </Paper>
          )}
          {event.attendees && <Attendees attendees={event.attendees} />}
        </Stack>
        <Stack gap="md" w={{ base: '100%', md: 340 }} style={{ flexShrink: 0 }}>
          <EventRsvp key={event.myRsvp?.status ?? 'none'} event={event} timeZone={timeZone} />
          {event.myRsvp && <EventTicket rsvp={event.myRsvp} timeZone={timeZone} />}
        </Stack>
      </Flex>
    </Stack>
  );
}

/** Where: the venue, its address and a map link; the online link once the member is going. */
function EventPlace({ event }: { event: EventDetail }) {
  if (event.online) {
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconVideo size={20} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
        <Stack gap={0} miw={0}>
          <Text>Online</Text>
          {event.onlineUrl ? (
            <Anchor
              href={event.onlineUrl}
              target="_blank"
              rel="noopener noreferrer"
              style={{ overflowWrap: 'anywhere' }}
            >
              {event.onlineUrl}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              The link shows here once you are going.
            </Text>
          )}
        </Stack>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconMapPin size={20} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      <Stack gap={0} miw={0}>
        <Text>{event.venue}</Text>
        {event.address && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {event.address}
          </Text>
        )}
        {event.mapUrl && (
          <Anchor href={event.mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
            Open the map
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}

function Attendees({ attendees }: { attendees: NonNullable<EventDetail['attendees']> }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="attendees-title">
      <Title order={2} size="h4" id="attendees-title" mb="sm">
        Who is going ({attendees.length})
      </Title>
      {attendees.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody yet.
        </Text>
      ) : (
        <Group component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {attendees.map((a) => (
            <Group key={a._id} gap={6} component="li" wrap="nowrap">
              <Avatar
                src={a.profilePic ? imageUrl(a.profilePic, 'thumb') : null}
                size={28}
                radius="xl"
                alt=""
              >
                {a.fullName[0]}
              </Avatar>
              <Text size="sm">{a.fullName}</Text>
            </Group>
          ))}
        </Group>
      )}
    </Paper>
  );
}
