import {
  API,
  setupAddAnswer,
  setupList,
  type AddBatchBody,
  type AddBranchBody,
  type AddCourseBody,
  type AddDegreeBody,
  type SetupKind,
} from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const setupKeys = {
  all: ['admin', 'setup'] as const,
  list: (kind: SetupKind, collegeId: string) => ['admin', 'setup', kind, collegeId] as const,
};

/** GET /api/colleges/{kind}/fetch for the college the screen works on. */
export const setupListQuery = (kind: SetupKind, collegeId: string) =>
  queryOptions({
    queryKey: setupKeys.list(kind, collegeId),
    queryFn: () =>
      api.get(`${API.setup.list(kind)}?collegeId=${encodeURIComponent(collegeId)}`, setupList),
    enabled: Boolean(collegeId),
  });

export type AddBody = {
  degrees: AddDegreeBody;
  courses: AddCourseBody;
  batches: AddBatchBody;
  branches: AddBranchBody;
};

/** POST /api/colleges/{kind}/add; the college's lists read again (a new degree is a new parent). */
export function useAddSetupItem<K extends SetupKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddBody[K]) => api.post(API.setup.add(kind), setupAddAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupKeys.all }),
  });
}
