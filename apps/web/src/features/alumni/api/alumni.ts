import { API, alumniSearchAnswer, companyNames, type AlumniSearchBody } from '@alumnet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const alumniKeys = {
  search: (body: AlumniSearchBody) => ['alumzone', 'search', body] as const,
  companies: ['alumzone', 'companies'] as const,
};

/** POST /api/alumzone/search; the server scopes it to the member's own college. */
export const alumniSearchQuery = (body: AlumniSearchBody) =>
  queryOptions({
    queryKey: alumniKeys.search(body),
    queryFn: () => api.post(API.alumzone.search, alumniSearchAnswer, body),
    // The table keeps the last page on screen while the next one loads, so it does not jump.
    placeholderData: keepPreviousData,
  });

/** POST /api/alumzone/search/companies: the company names of the member's college. */
export const companiesQuery = (collegeId: string) =>
  queryOptions({
    queryKey: alumniKeys.companies,
    queryFn: () => api.post(API.alumzone.companies, companyNames, { collegeId }),
    staleTime: 5 * 60_000,
  });
