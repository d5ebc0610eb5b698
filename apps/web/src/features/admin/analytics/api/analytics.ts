import { API, distributionAnswer, type DistributionBody } from '@alumnet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** POST /api/dashboard/distribution: the chosen college's alumni as pie slices. */
export const distributionQuery = (body: DistributionBody) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'distribution', body],
    queryFn: () => api.post(API.analytics.distribution, distributionAnswer, body),
    enabled: Boolean(body.collegeId),
    placeholderData: keepPreviousData,
  });
