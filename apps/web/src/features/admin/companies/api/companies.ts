import { API, COMPANIES_PAGE_SIZE, companiesAnswer } from '@alumnet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /api/dashboard/companies/{collegeId or all}?page=&limit=10. */
export const companiesQuery = (collegeId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'companies', collegeId, page],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page), limit: String(COMPANIES_PAGE_SIZE) });
      return api.get(`${API.analytics.companies(collegeId)}?${query.toString()}`, companiesAnswer);
    },
    enabled: Boolean(collegeId),
    placeholderData: keepPreviousData,
  });
