import { API, feedbackListAnswer } from '@alumnet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { FeedbackSort } from '../utils/feedback';

/** GET /api/feedback?sortField=&sortOrder=. */
export const feedbackListQuery = (sort: FeedbackSort) =>
  queryOptions({
    queryKey: ['admin', 'feedback', sort.field, sort.order],
    queryFn: () => {
      const query = new URLSearchParams({ sortField: sort.field, sortOrder: sort.order });
      return api.get(`${API.community.feedback}?${query.toString()}`, feedbackListAnswer);
    },
    placeholderData: keepPreviousData,
  });
