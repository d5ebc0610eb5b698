import {
  API,
  calendarFeedAnswer,
  eventAnswer,
  eventsAnswer,
  rsvpAnswer,
  type EventAnswer,
  type EventAudienceLevel,
  type RsvpBody,
} from '@alumnet/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, api } from '../../../lib/api-client';

/** The answer of a cancellation carries nothing the screen reads: the event is read again. */
const anyAnswer = z.unknown();

export interface EventFilters {
  /** ISO instants bounding the month chosen; none for every upcoming (or past) event. */
  from?: string;
  to?: string;
  audience?: EventAudienceLevel;
  past: boolean;
}

export const eventKeys = {
  all: ['events'] as const,
  list: (filters: EventFilters) => ['events', 'list', filters] as const,
  one: (id: string) => ['events', 'one', id] as const,
  feed: ['events', 'calendar-feed'] as const,
};

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** A refusal the server means (404: not in the member's audience) is its answer. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2;

/** GET /api/events?from=&to=&audience=&past=: upcoming soonest first, past newest first. */
export const eventsQuery = (filters: EventFilters) =>
  queryOptions({
    queryKey: eventKeys.list(filters),
    queryFn: () =>
      api.get(
        withQuery(API.events.list, {
          from: filters.from,
          to: filters.to,
          audience: filters.audience,
          past: filters.past ? 'true' : undefined,
        }),
        eventsAnswer,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/events/{id}. */
export const eventQuery = (id: string) =>
  queryOptions({
    queryKey: eventKeys.one(id),
    queryFn: () => api.get(API.events.one(id), eventAnswer),
    retry: retryUnlessRefused,
  });

/**
 * POST /api/events/{id}/rsvp: the answer says where the member stands (going, waitlisted with
 * a place, not going); the event is read again for its counts and the member's ticket.
 */
export function useRsvp(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RsvpBody) => api.post(API.events.rsvp(id), rsvpAnswer, body),
    onSuccess: ({ rsvp }, body) => {
      // The answer shows at once (a waitlisted member's place); the ticket comes with the re-read.
      queryClient.setQueryData<EventAnswer>(eventKeys.one(id), (data) => {
        if (!data) return data;
        const before = data.event.myRsvp;
        const myRsvp = {
          ticket: rsvp.status === 'going' ? (before?.ticket ?? null) : null,
          checkedInAt: before?.checkedInAt ?? null,
          guests: body.guests ?? 0,
          ...rsvp,
        };
        return { event: { ...data.event, myRsvp } };
      });
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/** POST /api/events/{id}/cancel (organisers): everyone going is told, RSVPs close. */
export function useCancelEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(API.events.cancel(id), anyAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** GET /api/events/calendar-feed: the member's private feed's path. */
export const calendarFeedQuery = queryOptions({
  queryKey: eventKeys.feed,
  queryFn: () => api.get(API.events.calendarFeed, calendarFeedAnswer),
  staleTime: Infinity,
});

/** POST /api/events/calendar-feed: a new path; the old one stops working. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(API.events.calendarFeed, calendarFeedAnswer),
    onSuccess: (answer) => queryClient.setQueryData(eventKeys.feed, answer),
  });
}
