import { API, filterOptionsAnswer } from '@alumnet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /api/dashboard/filter-options: every college for a super admin, their own for an admin. */
export const filterOptionsQuery = queryOptions({
  queryKey: ['admin', 'filter-options'],
  queryFn: () => api.get(API.dashboard.filterOptions, filterOptionsAnswer),
  staleTime: 5 * 60_000,
});
