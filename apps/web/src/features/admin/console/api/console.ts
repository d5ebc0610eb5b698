import {
  API,
  consoleCollegeList,
  consoleMessage,
  okSchema,
  type AddCollegeAdminBody,
} from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { filterOptionsQuery } from '../../shared/api/colleges';

export const consoleKeys = { colleges: ['admin', 'console', 'colleges'] as const };

export const consoleCollegesQuery = queryOptions({
  queryKey: consoleKeys.colleges,
  queryFn: () => api.get(API.console.colleges, consoleCollegeList),
});

/** Every change re-reads the console and the college pickers of the other admin screens. */
function useConsoleMutation<V>(call: (vars: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: consoleKeys.colleges });
      await queryClient.invalidateQueries({ queryKey: filterOptionsQuery.queryKey });
    },
  });
}

export const useCreateCollege = () =>
  useConsoleMutation((name: string) => api.post(API.console.colleges, consoleMessage, { name }));

export const useRenameCollege = () =>
  useConsoleMutation(({ collegeId, name }: { collegeId: string; name: string }) =>
    api.put(API.console.college(collegeId), consoleMessage, { name }),
  );

export const useAddCollegeAdmin = () =>
  useConsoleMutation(({ collegeId, ...body }: AddCollegeAdminBody & { collegeId: string }) =>
    api.post(API.console.admins(collegeId), consoleMessage, body),
  );

export const useRemoveAdmin = () =>
  useConsoleMutation((userId: string) => api.delete(API.console.admin(userId), consoleMessage));

/** Removes every second factor of the admin (issue 30): they enrol again at their next sign-in. */
export const useResetSecondFactor = () =>
  useConsoleMutation((userId: string) => api.post(API.accounts.resetMfa(userId), okSchema));
