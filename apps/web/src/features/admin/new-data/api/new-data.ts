import { API, NEW_DATA_PAGE_SIZE, newDataAnswer } from '@alumnet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** POST /api/newData/getNewData: one page of the college's pending new-data requests. */
export const newDataQuery = (collegeId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'new-data', collegeId, page],
    queryFn: () =>
      api.post(API.analytics.newData, newDataAnswer, {
        collegeId,
        page,
        limit: NEW_DATA_PAGE_SIZE,
      }),
    enabled: Boolean(collegeId),
    placeholderData: keepPreviousData,
  });
