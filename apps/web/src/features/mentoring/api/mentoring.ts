import {
  API,
  goalAnswer,
  mentoringRequestsAnswer,
  mentorProfileAnswer,
  mentorshipAnswer,
  mentorshipsAnswer,
  sessionAnswer,
  suggestionsAnswer,
  type MentorshipAnswer,
} from '@alumnet/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, api, apiRequest } from '../../../lib/api-client';
import type { Method } from '../../../lib/api-request';

/** Answers the screens do not read: what changed is read again. */
const anyAnswer = z.unknown();

export interface MentorFilters {
  topic?: string;
  industry?: string;
  /** A country id (lookups' countries). */
  country?: string;
  /** Only mentors taking requests with room for another mentee. */
  taking: boolean;
  page: number;
}

export const mentoringKeys = {
  all: ['mentoring'] as const,
  suggestions: (filters: MentorFilters) => ['mentoring', 'suggestions', filters] as const,
  profile: ['mentoring', 'profile'] as const,
  requests: ['mentoring', 'requests'] as const,
  mentorships: ['mentoring', 'mentorships'] as const,
  mentorship: (id: string) => ['mentoring', 'mentorship', id] as const,
};

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** A refusal the server means (404: not one of the two, or another college's) is its answer. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2;

// The shared client has no PATCH yet (no other screen edits a part of a record); fetch sends
// any method it is given.
const patch = <S extends z.ZodType>(path: string, schema: S, body: unknown) =>
  apiRequest('PATCH' as Method, path, schema, body);

/** GET /api/mentoring/suggestions: mentors ranked for the member, with the reasons. */
export const suggestionsQuery = (filters: MentorFilters) =>
  queryOptions({
    queryKey: mentoringKeys.suggestions(filters),
    queryFn: () =>
      api.get(
        withQuery(API.mentoring.suggestions, {
          topic: filters.topic,
          industry: filters.industry,
          country: filters.country,
          taking: filters.taking ? 'true' : undefined,
          page: filters.page > 1 ? String(filters.page) : undefined,
        }),
        suggestionsAnswer,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/mentoring/profile: the member's mentor profile and the college's topics. */
export const mentorProfileQuery = queryOptions({
  queryKey: mentoringKeys.profile,
  queryFn: () => api.get(API.mentoring.profile, mentorProfileAnswer),
});

export type MentorProfileInput = {
  openToMentoring: boolean;
  topics: string[];
  industries: string[];
  capacity: number;
  howIHelp: string;
  takingRequests: boolean;
};

/** PUT /api/mentoring/profile. Its switch is the profile page's "Open to mentoring" too. */
export function useSaveMentorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MentorProfileInput) => api.put(API.mentoring.profile, anyAnswer, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mentoringKeys.all }),
        // The profile form's record (features/profile: ['users', 'profile', id]) holds the switch.
        queryClient.invalidateQueries({ queryKey: ['users', 'profile'] }),
      ]),
  });
}

/** GET /api/mentoring/requests: to the member as a mentor, and from them. */
export const requestsQuery = queryOptions({
  queryKey: mentoringKeys.requests,
  queryFn: () => api.get(API.mentoring.requests, mentoringRequestsAnswer),
});

/** Anything a request's answer changes: the lists, the suggestions' "requested", capacity. */
function useMentoringMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mentoringKeys.all }),
  });
}

/** POST /api/mentoring/requests. */
export const useAskMentor = () =>
  useMentoringMutation((body: { mentorId: string; goal: string; message: string }) =>
    api.post(API.mentoring.requests, anyAnswer, body),
  );

/** POST .../accept with the mentor's first note: the request becomes a mentorship. */
export const useAcceptRequest = () =>
  useMentoringMutation(({ id, note }: { id: string; note: string }) =>
    api.post(API.mentoring.accept(id), anyAnswer, { note }),
  );

/** POST .../decline, with an optional reason. */
export const useDeclineRequest = () =>
  useMentoringMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post(API.mentoring.decline(id), anyAnswer, reason.trim() ? { reason } : {}),
  );

/** POST .../withdraw: the mentee takes back an open request. */
export const useWithdrawRequest = () =>
  useMentoringMutation((id: string) => api.post(API.mentoring.withdraw(id), anyAnswer));

/** GET /api/mentoring/mentorships: the member's, as mentor and as mentee. */
export const mentorshipsQuery = queryOptions({
  queryKey: mentoringKeys.mentorships,
  queryFn: () => api.get(API.mentoring.mentorships, mentorshipsAnswer),
});

/** GET /api/mentoring/mentorships/{id}. */
export const mentorshipQuery = (id: string) =>
  queryOptions({
    queryKey: mentoringKeys.mentorship(id),
    queryFn: () => api.get(API.mentoring.mentorship(id), mentorshipAnswer),
    retry: retryUnlessRefused,
  });

/**
 * A change inside one mentorship: its page is read again, and the list (goals done, sessions)
 * with it.
 */
function useMentorshipMutation<V, R>(id: string, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mentoringKeys.mentorship(id) }),
        queryClient.invalidateQueries({ queryKey: mentoringKeys.mentorships }),
      ]),
  });
}

export const useAddGoal = (id: string) =>
  useMentorshipMutation(id, (text: string) =>
    api.post(API.mentoring.goals(id), goalAnswer, { text }),
  );

/** PATCH a goal: ticked at once on the screen, put back if the server refuses. */
export function useUpdateGoal(id: string) {
  const queryClient = useQueryClient();
  const key = mentoringKeys.mentorship(id);
  return useMutation({
    mutationFn: ({ goalId, ...body }: { goalId: string; text?: string; done?: boolean }) =>
      patch(API.mentoring.goal(id, goalId), goalAnswer, body),
    onMutate: async ({ goalId, done }) => {
      if (done === undefined) return undefined;
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MentorshipAnswer>(key);
      queryClient.setQueryData<MentorshipAnswer>(key, (data) =>
        data
          ? {
              mentorship: {
                ...data.mentorship,
                goals: data.mentorship.goals.map((g) => (g.id === goalId ? { ...g, done } : g)),
              },
            }
          : data,
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: mentoringKeys.mentorships }),
      ]),
  });
}

export const useDeleteGoal = (id: string) =>
  useMentorshipMutation(id, (goalId: string) =>
    api.delete(API.mentoring.goal(id, goalId), anyAnswer),
  );

export const useLogSession = (id: string) =>
  useMentorshipMutation(id, (body: { heldOn: string; minutes: number; notes: string }) =>
    api.post(API.mentoring.sessions(id), sessionAnswer, body),
  );

/** POST .../end: ends it (or, once the other side has, adds this side's rating). */
export function useEndMentorship(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { rating: number; comment: string }) =>
      api.post(API.mentoring.end(id), anyAnswer, body),
    // Capacity frees up: the suggestions and the profile's count change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mentoringKeys.all }),
  });
}
