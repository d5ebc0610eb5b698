import {
  API,
  addJobAnswer,
  companyNames,
  dashboardSearchAnswer,
  messageAnswer,
  rejectAnswer,
  type AddJobBody,
  type DashboardSearchBody,
  type UpdateUserMetadataBody,
} from '@alumnet/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** Every job or single-user action: while one runs, the Processing overlay shows. */
export const ACTION_MUTATION_KEY = ['admin', 'action'] as const;

export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  search: (body: DashboardSearchBody) => ['admin', 'dashboard', 'search', body] as const,
  companies: (collegeId: string) => ['admin', 'companies', collegeId] as const,
};

/** POST /api/dashboard/searchDashBoard: one page (15) of the college's alumni and the total. */
export const dashboardSearchQuery = (body: DashboardSearchBody, enabled: boolean) =>
  queryOptions({
    queryKey: dashboardKeys.search(body),
    queryFn: () => api.post(API.dashboard.search, dashboardSearchAnswer, body),
    // The last page stays on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/alumzone/search/companies with the chosen college: the Company filter's names. */
export const collegeCompaniesQuery = (collegeId: string) =>
  queryOptions({
    queryKey: dashboardKeys.companies(collegeId),
    queryFn: () => api.post(API.alumzone.companies, companyNames, { collegeId }),
    enabled: Boolean(collegeId),
    staleTime: 5 * 60_000,
  });

/** Every change to a user re-reads the search, whatever page or filter is cached. */
function useRefreshSearch() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

/** POST /api/dashboard/addJob: freezes the choice into a dispatch job in review. */
export function useAddJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ACTION_MUTATION_KEY,
    mutationFn: (body: AddJobBody) => api.post(API.dashboard.addJob, addJobAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'jobs'] }),
  });
}

export function useRejectUser() {
  const refresh = useRefreshSearch();
  return useMutation({
    mutationKey: ACTION_MUTATION_KEY,
    mutationFn: (body: { userId: string; reason: string }) =>
      api.post(API.dashboard.reject, rejectAnswer, body),
    onSuccess: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefreshSearch();
  return useMutation({
    mutationKey: ACTION_MUTATION_KEY,
    mutationFn: (body: { userId: string }) =>
      api.post(API.dashboard.deleteUser, messageAnswer, body),
    onSuccess: refresh,
  });
}

export function useUpdateUserMetadata() {
  const refresh = useRefreshSearch();
  return useMutation({
    mutationKey: ACTION_MUTATION_KEY,
    mutationFn: (body: UpdateUserMetadataBody) =>
      api.post(API.dashboard.updateUserMetadata, messageAnswer, body),
    onSuccess: refresh,
  });
}
