import {
  API,
  messageAnswer,
  suppressionsAnswer,
  type liftSuppressionBody,
} from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';

export const suppressionsKeys = {
  all: ['admin', 'suppressions'] as const,
  list: (collegeId: string) => ['admin', 'suppressions', collegeId] as const,
};

/** GET /api/dashboard/suppressions?collegeId=: the addresses the portal no longer e-mails. */
export const suppressionListQuery = (collegeId: string) =>
  queryOptions({
    queryKey: suppressionsKeys.list(collegeId),
    queryFn: () =>
      api.get(
        // Without a college the server answers for the admin's whole scope.
        collegeId
          ? `${API.suppressions.list}?${new URLSearchParams({ collegeId }).toString()}`
          : API.suppressions.list,
        suppressionsAnswer,
      ),
  });

/** POST /api/dashboard/suppressions/lift: the address is e-mailed again. */
export function useLiftSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, collegeId }: { email: string; collegeId: string }) => {
      const body: z.input<typeof liftSuppressionBody> = collegeId
        ? { email, collegeId }
        : { email };
      return api.post(API.suppressions.lift, messageAnswer, body);
    },
    // A failed lift (someone lifted it meanwhile) leaves the list stale too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: suppressionsKeys.all }),
  });
}
