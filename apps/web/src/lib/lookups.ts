import {
  API,
  batchList,
  branchList,
  cityList,
  collegeList,
  countryList,
  degreeList,
} from '@alumnet/contract';
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
  /** The signed-in member's own college's batches: the call with no body (member-portal.md §7). */
  myBatches: () =>
    queryOptions({
      queryKey: ['lookups', 'batches', 'mine'],
      queryFn: () => api.post(API.colleges.batches, batchList),
    }),
  /** Branches of one batch, asked with only `{ batchId }` (the alumni search's form of the call). */
  batchBranches: (batchId: string) =>
    queryOptions({
      queryKey: ['lookups', 'branches', 'of-batch', batchId],
      queryFn: () => api.post(API.colleges.branches, branchList, { batchId }),
      enabled: Boolean(batchId),
    }),
  countries: () =>
    queryOptions({
      queryKey: ['lookups', 'countries'],
      queryFn: () => api.get(API.users.countries, countryList),
      staleTime: Infinity,
    }),
  cities: (countryId: string) =>
    queryOptions({
      queryKey: ['lookups', 'cities', countryId],
      queryFn: () => api.post(API.users.cities, cityList, { countryId }),
      enabled: Boolean(countryId),
      staleTime: Infinity,
    }),
};
