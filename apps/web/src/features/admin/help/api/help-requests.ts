import {
  API,
  fetchHelpRequestsAnswer,
  updateHelpStatusAnswer,
  type HelpStatus,
} from '@alumnet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** POST /api/dashboard/fetchHelpRequests {page}. */
export const helpRequestsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'help-requests', page],
    queryFn: () => api.post(API.community.fetchHelpRequests, fetchHelpRequestsAnswer, { page }),
    placeholderData: keepPreviousData,
  });

/** PUT /api/help/update-status {id, status}. */
export const updateHelpStatus = (id: string, status: HelpStatus) =>
  api.put(API.community.updateHelpStatus, updateHelpStatusAnswer, { id, status });
