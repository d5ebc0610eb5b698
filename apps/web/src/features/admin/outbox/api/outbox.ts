import { API, outboxAnswer } from '@alumnet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /api/dashboard/outbox?page=&collegeId=: what was "sent" while no provider is configured. */
export const outboxQuery = (collegeId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'outbox', collegeId, page],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      if (collegeId) query.set('collegeId', collegeId);
      return api.get(`${API.dashboard.outbox}?${query.toString()}`, outboxAnswer);
    },
    placeholderData: keepPreviousData,
  });
