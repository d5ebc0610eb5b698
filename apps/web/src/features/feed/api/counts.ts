import { API, batchmatesAnswer, branchmatesAnswer, nearbyAlumniAnswer } from '@alumnet/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../../lib/api-client';

/**
 * The dashboard counts. They are refetched each time the dashboard opens (no stale time), so a
 * city changed on the profile shows here without the profile knowing about this screen.
 */
export const countQueries = {
  nearbyAlumni: (userId: string) =>
    queryOptions({
      queryKey: ['alumzone', 'count', 'nearby', userId],
      queryFn: async () =>
        (await api.post(API.alumzone.alumniCount, nearbyAlumniAnswer, { userId })).nearbyAlumni,
    }),
  batchmates: (userId: string) =>
    queryOptions({
      queryKey: ['alumzone', 'count', 'batchmates', userId],
      queryFn: async () =>
        (await api.post(API.alumzone.batchmatesCount, batchmatesAnswer, { userId }))
          .batchmatesCount,
    }),
  branchmates: (userId: string) =>
    queryOptions({
      queryKey: ['alumzone', 'count', 'branchmates', userId],
      queryFn: async () =>
        (await api.post(API.alumzone.branchmatesCount, branchmatesAnswer, { userId }))
          .branchmatesCount,
    }),
};

/** member-portal.md §8, word for word: [when the server refuses, when the call itself breaks]. */
const COUNT_ERRORS = {
  alumni: ['Failed to fetch alumni count', 'Error fetching alumni count'],
  batchmates: ['Failed to fetch batchmates count', 'Error fetching batchmates count'],
  branchmates: ['Failed to fetch branchmates count', 'Error fetching branchmates count'],
} as const;

/**
 * 'Failed to fetch … count' when the server refuses, 'Error fetching … count' when the call
 * itself breaks (no connection, an answer that does not parse).
 */
export function countErrorMessage(error: unknown, what: keyof typeof COUNT_ERRORS) {
  const refused = error instanceof ApiRequestError && error.status > 0;
  return COUNT_ERRORS[what][refused ? 0 : 1];
}
