import { MAX_EVENT_GUESTS, type EventDetail, type RsvpAnswer } from '@alumnet/contract';
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { clockTime, eventDay, ordinal } from '../../../lib/event-time';
import { useTakenOver } from '../../../lib/use-taken-over';
import { useRsvp } from '../api/events';

type Status = RsvpAnswer['rsvp']['status'];

const GUEST_OPTIONS = Array.from({ length: MAX_EVENT_GUESTS + 1 }, (_, n) => ({
  value: String(n),
  label: n === 0 ? 'No guests' : n === 1 ? '1 guest' : `${n} guests`,
}));

/** What the member's answer means, in a sentence. */
function standing(status: Status, position: number | undefined) {
  if (status === 'going') return 'You are going.';
  if (status === 'not_going') return 'You are not going.';
  return position
    ? `The event is full: you are ${ordinal(position)} on the waitlist. If a place comes free, you are moved up and told.`
    : 'The event is full: you are on the waitlist.';
}

/**
 * Going / Not going, with guests when the organiser allows them. Closed when the event was
 * cancelled, has ended or its RSVP deadline has passed (the server says so too: 409).
 */
export function EventRsvp({ event, timeZone }: { event: EventDetail; timeZone: string }) {
  const takenOver = useTakenOver();
  const rsvp = useRsvp(event.id);
  const mine = event.myRsvp;
  const [guests, setGuests] = useState<number>(mine?.guests ?? 0);
  const [error, setError] = useState<string | null>(null);
  // When the page was opened: a page left open past the deadline finds out from the server (409).
  const [now] = useState(Date.now);
  const ended = Date.parse(event.endsAt) <= now;
  const deadlinePassed = event.rsvpDeadline !== null && Date.parse(event.rsvpDeadline) <= now;
  const closed = event.cancelled || ended || deadlinePassed;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (rsvp.isPending) return;
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const status = submitter?.value === 'not_going' ? 'not_going' : 'going';
    setError(null);
    rsvp.mutate(
      { status, guests: status === 'going' && event.allowGuests ? guests : 0 },
      { onError: (caught) => setError(caught.message) },
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rsvp-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="rsvp-title">
          Will you come?
        </Title>
        {mine && (
          <Text fw={600} data-testid="rsvp-standing" role="status">
            {standing(mine.status, mine.position)}
          </Text>
        )}
        {event.rsvpDeadline && !closed && (
          <Text size="sm" c="dimmed">
            Answer by {eventDay(event.rsvpDeadline, timeZone)},{' '}
            {clockTime(event.rsvpDeadline, timeZone)}.
          </Text>
        )}
        {closed ? (
          <Text c="dimmed">
            {event.cancelled
              ? 'This event was cancelled.'
              : ended
                ? 'This event has ended.'
                : 'RSVPs for this event are closed.'}
          </Text>
        ) : (
          <form method="post" noValidate onSubmit={submit}>
            <Stack gap="sm">
              {event.allowGuests && (
                <Select
                  label="Guests you bring"
                  name="guests"
                  data={GUEST_OPTIONS}
                  value={String(guests)}
                  onChange={(value) => setGuests(Number(value ?? 0))}
                  allowDeselect={false}
                  w={160}
                />
              )}
              <Group gap="sm">
                <Button
                  type="submit"
                  name="status"
                  value="going"
                  color="green"
                  leftSection={<IconCheck size={18} />}
                  variant={
                    mine?.status === 'going' || mine?.status === 'waitlisted' ? 'filled' : 'light'
                  }
                  loading={!takenOver || (rsvp.isPending && rsvp.variables?.status === 'going')}
                  disabled={rsvp.isPending}
                >
                  {mine?.status === 'going' && event.allowGuests ? 'Update' : 'Going'}
                </Button>
                <Button
                  type="submit"
                  name="status"
                  value="not_going"
                  color="gray"
                  leftSection={<IconX size={18} />}
                  variant={mine?.status === 'not_going' ? 'filled' : 'light'}
                  loading={!takenOver || (rsvp.isPending && rsvp.variables?.status === 'not_going')}
                  disabled={rsvp.isPending}
                >
                  Not going
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
