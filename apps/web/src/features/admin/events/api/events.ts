import {
  API,
  attendeesAnswer,
  checkInAnswer,
  eventAnswer,
  manageGroupsAnswer,
  managedEventsAnswer,
  myGroupsAnswer,
  setupList,
  type EventBody,
} from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';

/** A cancellation's answer carries nothing the screen reads: the list is read again. */
const anyAnswer = z.unknown();

export const manageEventKeys = {
  all: ['admin', 'manage-events'] as const,
  list: (collegeId: string) => ['admin', 'manage-events', collegeId] as const,
  one: (id: string) => ['admin', 'manage-events', 'one', id] as const,
  attendees: (id: string) => ['admin', 'manage-events', 'attendees', id] as const,
};

/** `?collegeId=` for a super admin's chosen college; a college admin or an organiser sends none. */
const withCollege = (path: string, collegeId: string) =>
  collegeId ? `${path}?collegeId=${encodeURIComponent(collegeId)}` : path;

/**
 * GET /api/events/manage?collegeId=: the events the caller organises, with their counts: a
 * college's for its admins, their groups' for a group's organisers.
 */
export const manageEventsQuery = (collegeId: string) =>
  queryOptions({
    queryKey: manageEventKeys.list(collegeId),
    queryFn: () => api.get(withCollege(API.events.manage, collegeId), managedEventsAnswer),
    retry: false,
  });

/** GET /api/events/{id}: all of an event, for its form. */
export const manageEventQuery = (id: string) =>
  queryOptions({
    queryKey: manageEventKeys.one(id),
    queryFn: () => api.get(API.events.one(id), eventAnswer),
    retry: false,
  });

/** POST /api/events (a super admin's to the college the screen works on) or PUT /api/events/{id}. */
export function useSaveEvent(collegeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: EventBody }) =>
      id
        ? api.put(API.events.one(id), eventAnswer, body)
        : api.post(withCollege(API.events.list, collegeId), eventAnswer, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: manageEventKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}

/** POST /api/events/{id}/cancel. */
export function useCancelManagedEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(API.events.cancel(id), anyAnswer),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: manageEventKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}

/** GET /api/events/{id}/attendees: who answered, and the event's figures. */
export const attendeesQuery = (id: string) =>
  queryOptions({
    queryKey: manageEventKeys.attendees(id),
    queryFn: () => api.get(API.events.attendees(id), attendeesAnswer),
    retry: false,
  });

/** Where the attendance CSV downloads from. */
export const attendeesCsv = (id: string) => `${API.events.attendees(id)}?format=csv`;

/** POST /api/events/{id}/check-in {ticket}: checked in now, or already (and when). */
export function useCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: string) => api.post(API.events.checkIn(id), checkInAnswer, { ticket }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageEventKeys.attendees(id) }),
  });
}

/** The batches or branches an event may be for (admins). */
export const structureQuery = (kind: 'batches' | 'branches', collegeId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['admin', 'setup', kind, collegeId] as const,
    queryFn: () => api.get(withCollege(API.setup.list(kind), collegeId), setupList),
    enabled,
  });

/** An admin's college's groups (GET /api/groups/manage), for an event's audience. */
export const collegeGroupsQuery = (collegeId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['admin', 'manage-groups', collegeId] as const,
    queryFn: () => api.get(withCollege(API.groups.manage, collegeId), manageGroupsAnswer),
    enabled,
  });

/** The groups a member organises (GET /api/groups/mine), for a group's own events. */
export const organisedGroupsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['groups', 'mine'] as const,
    queryFn: () => api.get(API.community.myGroups, myGroupsAnswer),
    enabled,
    select: (answer) => answer.groups.filter((g) => g.role === 'organiser'),
  });
