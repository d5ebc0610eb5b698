import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-request';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; network trouble might.
      retry: (count, error) =>
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
        count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
