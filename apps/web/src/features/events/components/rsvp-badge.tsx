import type { EventSummary } from '@alumnet/contract';
import { Badge } from '@mantine/core';
import { isFull, ordinal } from '../../../lib/event-time';

/** Where the member stands: going, waitlisted (their place), not going; and whether it is full. */
export function RsvpBadges({ event }: { event: EventSummary }) {
  const mine = event.myRsvp;
  return (
    <>
      {event.cancelled && (
        <Badge color="red" variant="filled">
          Cancelled
        </Badge>
      )}
      {mine?.status === 'going' && (
        <Badge color="green" variant="light" data-testid="my-rsvp">
          {mine.checkedInAt ? 'Attended' : 'You are going'}
        </Badge>
      )}
      {mine?.status === 'waitlisted' && (
        <Badge color="yellow" variant="light" data-testid="my-rsvp">
          {mine.position ? `${ordinal(mine.position)} on the waitlist` : 'On the waitlist'}
        </Badge>
      )}
      {mine?.status === 'not_going' && (
        <Badge color="gray" variant="light" data-testid="my-rsvp">
          Not going
        </Badge>
      )}
      {!event.cancelled && isFull(event) && (
        <Badge color="orange" variant="outline">
          Full
        </Badge>
      )}
    </>
  );
}
