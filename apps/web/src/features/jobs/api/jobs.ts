import {
  API,
  job,
  jobLikeAnswer,
  jobsFetchAnswer,
  okSchema,
  postComment,
  type Job,
  type JobAddBody,
  type JobsFetchAnswer,
  type SignedInUser,
} from '@alumnet/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Member = Pick<SignedInUser, '_id' | 'collegeId'>;

export const jobKeys = {
  all: ['jobs'] as const,
  page: (userId: string, page: number) => ['jobs', userId, page] as const,
  one: (jobId: string) => ['jobs', 'one', jobId] as const,
};

/** POST /api/jobs/fetch with the spec's `{ collegeId, userId }` and our page number. */
export const jobsQuery = (user: Member, page: number) =>
  queryOptions({
    queryKey: jobKeys.page(user._id, page),
    queryFn: () =>
      api.post(API.jobs.fetch, jobsFetchAnswer, {
        collegeId: user.collegeId ?? undefined,
        userId: user._id,
        page,
      }),
    // The list keeps showing the page in view while the next one loads.
    placeholderData: keepPreviousData,
    // The route's loader (or the page the server drew) fetched the first page a moment before
    // the board mounts: taken as it is instead of asked for again at once.
    staleTime: 10_000,
  });

/**
 * GET /api/jobs/one/{id}: the job a notification's link names (`/jobs?job=`) when the board's
 * first page does not hold it; 404 when it is gone or the member may not see it.
 */
export const oneJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.one(jobId),
    queryFn: () => api.get(API.jobs.one(jobId), job),
    retry: false,
  });

/** Applies `change` to every cached page of the board, and to a linked job's own entry. */
function updateCachedPages(queryClient: QueryClient, change: (jobs: Job[]) => Job[]) {
  queryClient.setQueriesData<JobsFetchAnswer | Job>({ queryKey: jobKeys.all }, (data) => {
    if (!data) return data;
    if (!('jobs' in data)) return change([data])[0] ?? data;
    return { ...data, jobs: change(data.jobs) };
  });
}
const updateCachedJob = (queryClient: QueryClient, jobId: string, change: (j: Job) => Job) =>
  updateCachedPages(queryClient, (jobs) => jobs.map((j) => (j.id === jobId ? change(j) : j)));

export function useAddJob(user: Member) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JobAddBody) =>
      api.post(API.jobs.add, job, {
        ...body,
        collegeId: user.collegeId ?? undefined,
        postedBy: user._id,
        postedDate: new Date().toISOString(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api.post(API.jobs.delete, okSchema, { jobId }),
    onSuccess: async (_answer, jobId) => {
      updateCachedPages(queryClient, (jobs) => jobs.filter((j) => j.id !== jobId));
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
    // member-portal.md §8: delete errors are only logged.
    onError: (error) => console.error('Failed to delete job', error),
  });
}

/** Likes or unlikes (the server toggles); the heart changes at once and the answer settles it. */
export function useToggleJobLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api.post(API.jobs.updateLikes, jobLikeAnswer, { jobId }),
    onMutate: async (jobId) => {
      await queryClient.cancelQueries({ queryKey: jobKeys.all });
      const before = queryClient.getQueriesData<JobsFetchAnswer>({ queryKey: jobKeys.all });
      updateCachedJob(queryClient, jobId, (j) => ({
        ...j,
        likedByMe: !j.likedByMe,
        likesCount: Math.max(0, j.likesCount + (j.likedByMe ? -1 : 1)),
      }));
      return { before };
    },
    onSuccess: ({ updatedJob }, jobId) =>
      updateCachedJob(queryClient, jobId, (j) => ({
        ...j,
        likesCount: updatedJob.likesCount,
        likedByMe: updatedJob.likedByMe,
      })),
    onError: (error, _jobId, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      // member-portal.md §8: like errors are only logged.
      console.error('Failed to update likes', error);
    },
  });
}

export function useSaveJobComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, comment }: { jobId: string; comment: string }) =>
      api.post(API.jobs.saveComment, postComment, { jobId, comment }),
    onSuccess: (saved, { jobId }) =>
      updateCachedJob(queryClient, jobId, (j) => ({
        ...j,
        comments: [...j.comments, saved],
        commentsCount: j.commentsCount + 1,
      })),
    // member-portal.md §8: comment errors are only logged.
    onError: (error) => console.error('Failed to save comment', error),
  });
}
