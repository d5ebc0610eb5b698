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

/**
 * member-portal.md §8: 'Failed to fetch … count' when the server refuses, 'Error fetching … count'
 * when the call itself breaks (no connection, an answer that does not parse).
 */
export function countErrorMessage(error: unknown, what: 'alumni' | 'batchmates' | 'branchmates') {
  const refused = error instanceof ApiRequestError && error.status > 0;
  return refused ? `Failed to fetch ${what} count` : `Error fetching ${what} count`;
}
