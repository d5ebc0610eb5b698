import { EVENT_AUDIENCE_LEVELS, type EventAudienceLevel } from '@alumnet/contract';
import {
  Alert,
  Box,
  Flex,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { useTimeZone } from '../../../lib/time-zone';
import { monthBounds, wallTime } from '../../../lib/event-time';
import { eventsQuery, type EventFilters } from '../api/events';
import { CalendarFeed } from './calendar-feed';
import { EventCard } from './event-card';

export const AUDIENCE_LABELS: Record<EventAudienceLevel, string> = {
  college: 'The whole college',
  batch: 'My batch',
  branch: 'My branch',
  group: 'My groups',
};
const AUDIENCE_OPTIONS = EVENT_AUDIENCE_LEVELS.map((value) => ({
  value,
  label: AUDIENCE_LABELS[value],
}));

const MONTH_NAME = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The twelve months from this one on (upcoming) or back from it (past), as 'YYYY-MM'. */
function monthOptions(timeZone: string, past: boolean) {
  const now = wallTime(new Date(), timeZone);
  return Array.from({ length: 12 }, (_, i) => {
    const at = new Date(Date.UTC(now.year, now.month - 1 + (past ? -i : i), 1));
    const value = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
    return { value, label: MONTH_NAME.format(at) };
  });
}

/** `/events` (issue 28): the events the member may see, upcoming soonest first, past ones apart. */
export function EventsPage() {
  return (
    <MemberLayout>
      <Events />
    </MemberLayout>
  );
}

function Events() {
  const timeZone = useTimeZone();
  // The filters live in the address: a filtered list can be shared and survives going back.
  const [search, setSearch] = useSearchParams();
  const past = search.get('past') === 'true';
  const month = search.get('month');
  const audienceParam = search.get('audience');
  const audience = (EVENT_AUDIENCE_LEVELS as readonly string[]).includes(audienceParam ?? '')
    ? (audienceParam as EventAudienceLevel)
    : undefined;
  const months = useMemo(() => monthOptions(timeZone, past), [timeZone, past]);
  const filters: EventFilters = {
    past,
    audience,
    ...(month && /^\d{4}-\d{2}$/.test(month) ? monthBounds(month, timeZone) : {}),
  };
  const events = useQuery(eventsQuery(filters));
  const list = events.data?.events ?? [];

  const change = (key: string, value: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        // The months differ between the two lists.
        if (key === 'past') next.delete('month');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Events
        </Title>
        <Text c="dimmed" size="sm">
          Reunions, meet-ups and webinars of your college, your batch, your branch and your groups.
          Times are in your time zone ({timeZone}).
        </Text>
      </Stack>
      <Flex direction={{ base: 'column', md: 'row' }} gap="lg" align="flex-start">
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }} w="100%">
          <Tabs
            value={past ? 'past' : 'upcoming'}
            onChange={(value) => change('past', value === 'past' ? 'true' : null)}
          >
            <Tabs.List>
              <Tabs.Tab value="upcoming">Upcoming</Tabs.Tab>
              <Tabs.Tab value="past">Past events</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <Select
              label="Month"
              name="month"
              placeholder="Any month"
              data={months}
              value={month}
              onChange={(value) => change('month', value)}
              clearable
              miw={180}
            />
            <Select
              label="For"
              name="audience"
              placeholder="Everyone"
              data={AUDIENCE_OPTIONS}
              value={audience ?? null}
              onChange={(value) => change('audience', value)}
              clearable
              miw={180}
            />
          </Group>
          {events.isError && (
            <Alert color="red">The events could not be loaded. Please try again.</Alert>
          )}
          {events.isPending ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy aria-label="Loading events">
              <Skeleton h={300} radius="md" />
              <Skeleton h={300} radius="md" />
            </SimpleGrid>
          ) : events.isSuccess && list.length === 0 ? (
            <Text c="dimmed">
              {past ? 'No past events to show.' : 'No upcoming events to show.'}
            </Text>
          ) : (
            <SimpleGrid
              cols={{ base: 1, sm: 2 }}
              aria-label={past ? 'Past events' : 'Upcoming events'}
              style={{ opacity: events.isPlaceholderData ? 0.6 : 1 }}
            >
              {list.map((event) => (
                <EventCard key={event.id} event={event} timeZone={timeZone} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
        <Box w={{ base: '100%', md: 340 }} style={{ flexShrink: 0 }}>
          <CalendarFeed />
        </Box>
      </Flex>
    </Stack>
  );
}
