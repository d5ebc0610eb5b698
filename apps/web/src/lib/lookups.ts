import { API, batchList, branchList, collegeList, degreeList } from '@alumnet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

// The college structure, read by the sign-up form now and by every filter bar later.
export const lookups = {
  colleges: () =>
    queryOptions({
      queryKey: ['lookups', 'colleges'],
      queryFn: () => api.get(API.colleges.fetch, collegeList),
    }),
  degrees: (collegeId: string) =>
    queryOptions({
      queryKey: ['lookups', 'degrees', collegeId],
      queryFn: () => api.post(API.colleges.degrees, degreeList, { collegeId }),
      enabled: Boolean(collegeId),
    }),
  batches: (collegeId: string, degreeId: string) =>
    queryOptions({
      queryKey: ['lookups', 'batches', collegeId, degreeId],
      queryFn: () => api.post(API.colleges.batches, batchList, { collegeId, degreeId }),
      enabled: Boolean(collegeId && degreeId),
    }),
  branches: (collegeId: string, batchId: string) =>
    queryOptions({
      queryKey: ['lookups', 'branches', collegeId, batchId],
      queryFn: () => api.post(API.colleges.branches, branchList, { collegeId, batchId }),
      enabled: Boolean(collegeId && batchId),
    }),
};
