import { API, jobsCountAnswer } from '@alumnet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /api/dashboard/jobs-count: 30 zero-filled days per college. */
export const jobsCountQuery = queryOptions({
  queryKey: ['admin', 'jobs-count'],
  queryFn: () => api.get(API.community.jobsCount, jobsCountAnswer),
});
