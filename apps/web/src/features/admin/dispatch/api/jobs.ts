import { API, fetchJobsAnswer, messageAnswer } from '@alumnet/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const jobsKeys = {
  all: ['admin', 'jobs'] as const,
  page: (collegeId: string, page: number) => ['admin', 'jobs', collegeId, page] as const,
};

/** Improvement (PRODUCT.md): while a job runs, its progress is read again this often. */
export const JOB_PROGRESS_POLL_MS = 1500;

/** POST /api/dashboard/fetchJobs; re-read every 1.5 s only while some job is dispatched. */
export const jobsQuery = (userId: string, collegeId: string, page: number) =>
  queryOptions({
    queryKey: jobsKeys.page(collegeId, page),
    queryFn: () =>
      api.post(API.dashboard.fetchJobs, fetchJobsAnswer, {
        userId,
        ...(collegeId ? { collegeId } : {}),
        page,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => job.status === 'dispatched')
        ? JOB_PROGRESS_POLL_MS
        : false,
  });

export function useDispatchJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api.post(API.dashboard.dispatch(jobId), messageAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKeys.all }),
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api.post(API.dashboard.deleteJob(jobId), messageAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKeys.all }),
  });
}
